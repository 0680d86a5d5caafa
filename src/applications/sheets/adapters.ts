/**
 * Plain views of Foundry documents for the pure context builders. The data models'
 * `system` objects already follow docs/data-model.md; this is the one place that trusts it.
 */
import type { ActorLike, ActorSystem, ItemLike, ItemSystemSource, OwnerItem } from "../context/source-types";

interface ItemDocumentLike {
  id: string | null;
  uuid: string;
  name: string;
  img?: string | null;
  type: string;
  sort?: number;
  system: unknown;
}

interface ActorDocumentLike {
  id: string | null;
  uuid: string;
  name: string;
  img?: string | null;
  type: string;
  system: unknown;
  items: { contents: readonly ItemDocumentLike[] };
}

export function itemLike(item: ItemDocumentLike): ItemLike {
  return { id: item.id, uuid: item.uuid, name: item.name, img: item.img, type: item.type, sort: item.sort, system: item.system as ItemSystemSource };
}

export function actorLike(actor: ActorDocumentLike): ActorLike {
  return {
    id: actor.id, uuid: actor.uuid, name: actor.name, img: actor.img, type: actor.type,
    system: actor.system as ActorSystem,
    items: actor.items.contents.map(itemLike),
  };
}

export function ownerItems(actor: ActorDocumentLike | null | undefined): OwnerItem[] {
  return actor ? actor.items.contents.map((i) => ({ id: i.id ?? "", name: i.name, type: i.type })) : [];
}
