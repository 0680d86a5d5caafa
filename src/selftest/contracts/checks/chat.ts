/** Chat: whispers, their flags and who may change them, roll modes, rolls rebuilt from JSON. */
import type { ContractCheck } from "../types";
import { CONFIG, core, documentClass, ensure, game, same, scratch, scratchPlayer } from "./support";

const gmIds = () => (game().users.filter((u: { isGM: boolean }) => u.isGM) as { id: string }[]).map((u) => u.id).sort();

export const chatChecks: ContractCheck[] = [
  {
    id: "chat.whisper-and-flags",
    behaviour: "Chat",
    title: "A whisper keeps its recipients and flags; its author sees it and owns it, a player may not change it",
    source: "client/documents/chat-message.mjs visible, isAuthor; common/documents/chat-message.mjs (author or GM writes)",
    async run(context) {
      const player = await scratchPlayer(context);
      const me = game().user.id;
      const message = await scratch(context, "ChatMessage", { content: "ClockWork contract check", whisper: [me], flags: { clockwork: { contract: 1 } } });
      same("whisper", message.whisper, [me]);
      same("flag", message.getFlag("clockwork", "contract"), 1);
      same("author, isAuthor, visible, isContentVisible", [message.author?.id, message.isAuthor, message.visible, message.isContentVisible], [me, true, true, true]);
      same("a player may update it", message.canUserModify(player, "update"), false);
      same("getWhisperRecipients('GM')", (documentClass("ChatMessage").getWhisperRecipients("GM") as { id: string }[]).map((u) => u.id).sort(), gmIds());
    },
  },
  {
    id: "chat.roll-modes-v13",
    behaviour: "Chat",
    title: "applyRollMode: gmroll and blindroll whisper the GMs (blind for blindroll), selfroll oneself, publicroll nobody",
    source: "client/documents/chat-message.mjs applyRollMode (static)",
    generations: [13],
    async run() {
      const cls = documentClass("ChatMessage");
      const apply = (mode: string) => {
        const data = cls.applyRollMode({}, mode) as { whisper: string[]; blind: boolean };
        return [[...data.whisper].sort(), data.blind];
      };
      same("gmroll", apply("gmroll"), [gmIds(), false]);
      same("blindroll", apply("blindroll"), [gmIds(), true]);
      same("selfroll", apply("selfroll"), [[game().user.id], false]);
      same("publicroll", apply("publicroll"), [[], false]);
    },
  },
  {
    id: "chat.message-modes-v14",
    behaviour: "Chat",
    title: "v14 applyMode: gm and blind whisper the GMs (blind for blind), self oneself, public nobody",
    source: "client/documents/chat-message.mjs applyMode (v14, CONFIG.ChatMessage.modes)",
    generations: [14],
    async run() {
      const cls = documentClass("ChatMessage");
      const apply = (mode: string) => {
        const data = cls.applyMode({}, mode) as { whisper: string[]; blind?: boolean };
        return [[...data.whisper].sort(), data.blind === true];
      };
      same("gm", apply("gm"), [gmIds(), false]);
      same("blind", apply("blind"), [gmIds(), true]);
      same("self", apply("self"), [[game().user.id], false]);
      same("public", apply("public"), [[], false]);
    },
  },
  {
    id: "chat.rolls-rebuilt",
    behaviour: "Chat",
    title: "A roll message stores its rolls as JSON and rebuilds them as Roll instances; _preCreate adds the dice sound",
    source: "client/documents/chat-message.mjs _preCreate; common/documents/chat-message.mjs (rolls as JSON strings); client/dice/roll.mjs fromData",
    async run(context) {
      const Roll = core("Roll");
      const roll = await new Roll("2d12").evaluate();
      const message = await scratch(context, "ChatMessage", { content: "ClockWork contract check", whisper: [game().user.id], rolls: [roll] });
      ensure(message.rolls[0] instanceof Roll, "message.rolls[0] a Roll", message.rolls[0]?.constructor?.name);
      same("the roll's total", message.rolls[0].total, roll.total);
      same("isRoll", message.isRoll, true);
      same("sound", message.sound, CONFIG().sounds.dice);
      same("Roll.fromData(roll.toJSON()).total", Roll.fromData(roll.toJSON()).total, roll.total);
    },
  },
];
