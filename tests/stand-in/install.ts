/** Side-effect import: installs the Foundry stand-in. Import it before any module of src/. */
import { installFoundryStandIn, type StandInHandle } from "./index";

export const standIn: StandInHandle = installFoundryStandIn();
