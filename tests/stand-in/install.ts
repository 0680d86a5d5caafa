/** Side-effect import: installs the test world's globals with a single-GM world. Import it before any module of src/. */
import { installFoundryStandIn, type StandInHandle } from "./index";

export const standIn: StandInHandle = installFoundryStandIn();
