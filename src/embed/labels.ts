import type { Lang } from "../boards/drawing.js";
import { en, type Labels } from "./labels-en.js";
import { ru } from "./labels-ru.js";

export type { Labels };

const TABLES: Readonly<Record<Lang, Labels>> = { en, ru };

/** The page's labels in `lang` (the server only lets a known language through). */
export const labelsFor = (lang: Lang): Labels => TABLES[lang] ?? en;
