/** A player as a match shows it: its id and its name. Its token is never part of a match. */
export interface PlayerRef {
  readonly id: string;
  readonly name: string;
}

/**
 * A bot sits as a player whose id says so (`bot:<level>`): it has no player record and no token,
 * and one level may hold several seats of a match (two bots playing each other). Player ids
 * are base64url, which has no ":", so no person's id can be taken for a bot's.
 */
const BOT_ID_PREFIX = "bot:";
export const botPlayer = (level: string): PlayerRef => ({ id: `${BOT_ID_PREFIX}${level}`, name: `Bot (${level})` });
export const isBot = (player: PlayerRef | null | undefined): boolean => player?.id.startsWith(BOT_ID_PREFIX) ?? false;
export const botLevelOf = (player: PlayerRef): string => player.id.slice(BOT_ID_PREFIX.length);
