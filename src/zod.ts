/**
 * The zod the code validates with, imported as `* as z` from this file. It is zod/mini, whose
 * functions tree-shake; classic zod's methods reach all of it, about 200 KiB in every Lambda
 * bundle. zod/mini installs no messages (every issue would read "Invalid input"): English, which
 * classic zod installs, is installed here, so clients read the issues they always did.
 */
import { config, int, maximum, minimum, number } from "zod/mini";
import en from "zod/v4/locales/en.js";

config(en());

export * from "zod/mini";

/** A whole number from `min` to `max`, both included: the bound most options and moves have. */
export const intBetween = (min: number, max: number) => number().check(int(), minimum(min), maximum(max));
