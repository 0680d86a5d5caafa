// Token Action HUD ClockWork: registers with Token Action HUD Core when Core's API is ready.
import { registerTokenActionHud } from "./hud.mjs";

registerTokenActionHud();
