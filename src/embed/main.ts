/**
 * The embed page's script: a live board, playable with a seat's token (`#token=...`), and a
 * replay viewer for finished matches or `?version=N`. The server's page shell (src/api/embed/page.ts)
 * hands it its configuration in `data-config`; everything else comes from the API.
 */
import { drawingOf, type DrawOptions, type Motion } from "../boards/index.js";
import { h } from "./dom.js";
import { describeEvent, notesWithText } from "./history.js";
import { listenToHost, tellHost } from "./host-messages.js";
import { MatchInfo, seatName } from "./info.js";
import { labelsFor } from "./labels.js";
import { type ConnectionState, Live, websocketUrl } from "./live.js";
import { Board } from "./board.js";
import { Play } from "./play.js";
import { Replay } from "./replay.js";
import { readToken } from "./token.js";
import type { EmbedConfig, MatchEvent, Update, View } from "./types.js";
import { ApiError, ViewApi } from "./view-api.js";

const root = document.getElementById("tabula-embed")!;
const config = JSON.parse(root.dataset.config!) as EmbedConfig;
const { options } = config;
const labels = labelsFor(options.lang);
const drawing = drawingOf(config.ruleset);
const token = readToken();
const api = new ViewApi(config, token);

const status = h("p", { id: "tabula-status", class: "tb-status", "data-testid": "connection", role: "status", "aria-live": "polite" });
const boardEl = h("div", { class: "tb-board", "data-testid": "board", id: "tabula-board" });
const info = drawing ? new MatchInfo(drawing, labels) : null;
const alert = h("p", { role: "alert", class: "tb-error", "data-testid": "page-error", id: "tabula-page-error" });

function fail(code: string, message: string): void {
  alert.textContent = `${labels.error}: ${message} (${code})`;
  tellHost({ type: "tabula:error", matchId: config.matchId, code, message });
}

function setStatus(state: ConnectionState | "replay"): void {
  const text: Record<ConnectionState | "replay", string> = {
    connecting: labels.connecting,
    live: labels.live,
    reconnecting: labels.reconnecting,
    offline: labels.offline,
    ended: labels.finished,
    replay: labels.replay,
  };
  status.textContent = text[state];
  status.setAttribute("data-state", state);
}

async function start(): Promise<void> {
  if (!drawing || !info) {
    root.replaceChildren(alert);
    fail("BAD_USER_INPUT", `no drawing for ruleset ${config.ruleset}`);
    return;
  }
  const board = new Board(boardEl, drawing, options.size);
  let view: View;
  try {
    view = await api.current();
  } catch (error) {
    root.replaceChildren(alert);
    const e = error instanceof ApiError ? error : new ApiError("ERROR", String(error));
    fail(e.code, e.message);
    return;
  }
  let shown = view;
  let orientation = options.orientation ?? view.seat ?? 0;
  const seatCount = Math.max(2, view.seating.length);

  const drawOptions = (): DrawOptions => ({ theme: options.theme, lang: options.lang, orientation, ...(shown === view ? play.boardMarks() : {}) });
  const redraw = (motions: readonly Motion[] = []) => {
    board.draw(shown.state, drawOptions(), motions);
    // Which seat is drawn at the bottom, for the host page's tests and styles.
    boardEl.setAttribute("data-orientation", String(orientation));
  };
  // A refused command is shown by the play panel's own alert; the host page is told of it too.
  const play = new Play(drawing, api, labels, options.lang, () => redraw(), (code, message) => tellHost({ type: "tabula:error", matchId: config.matchId, code, message }));
  const motionsOf = (before: View | null, after: View, event: MatchEvent | null): readonly Motion[] => {
    if (!before || event?.type !== "MovePlayed") return [];
    try {
      return drawing.motions(before.state, after.state, event.data.move ?? null, drawOptions());
    } catch {
      return [];
    }
  };
  /** Shows one view (the live one, or a replay's); `event` led to it from `before`. */
  const show = (next: View, event: MatchEvent | null, before: View | null) => {
    shown = next;
    info.show(next, options.lang, view.seat);
    if (next === view) play.update(next);
    redraw(motionsOf(before, next, event));
    root.setAttribute("data-version", String(next.version));
  };

  /** Every update drawn is told to the host page: a live one, or a step of the replay. */
  const tellUpdate = (shownView: View, event: MatchEvent | null) => {
    if (event) info.lastEvent.textContent = `${labels.lastMove}: ${describeEvent(event, drawing, labels, options.lang, (seat) => seatName(shownView, seat, labels, drawing, options.lang))}`;
    tellHost({
      type: "tabula:update",
      matchId: config.matchId,
      version: shownView.version,
      status: shownView.status,
      toMove: shownView.toMove,
      notes: event ? notesWithText(event, drawing, options.lang) : [],
    });
  };
  const replay = new Replay(
    api,
    drawing,
    labels,
    options.lang,
    (next, event, before, opening) => {
      show(next, event, before);
      if (!opening) tellUpdate(next, event);
    },
    fail,
  );
  const layout = h(
    "div",
    { class: "tb-layout" },
    h("div", { class: "tb-board-col" }, info.caption, boardEl, play.choices, status),
    h("div", { class: "tb-side" }, info.seats, info.dice, info.result, info.version, info.lastEvent, alert, play.element, replay.element),
  );
  if (options.size !== null) layout.classList.add("tb-sized");
  root.replaceChildren(layout);
  board.listen(view.seat !== null ? (key) => play.click(key) : null);
  listenToHost({
    flip: () => {
      orientation = (orientation + 1) % seatCount;
      redraw();
    },
  });

  const openReplay = async (at: number) => {
    setStatus("replay");
    board.listen(null);
    play.element.hidden = true;
    const events = await api.events();
    await replay.open(events, view, at);
  };

  if (view.status === "FINISHED" || options.version !== null) {
    show(view, null, null);
    try {
      await openReplay(options.version ?? view.version);
    } catch (error) {
      const e = error as { code?: string; message?: string };
      fail(e.code ?? "ERROR", e.message ?? String(error));
    }
    tellHost({ type: "tabula:ready", matchId: config.matchId, version: view.version });
    return;
  }

  show(view, null, null);
  if (token !== null) void api.resignationValues(config.ruleset, config.api).then((values) => play.setResignationValues(values));
  tellHost({ type: "tabula:ready", matchId: config.matchId, version: view.version });

  const live = new Live(websocketUrl(config.websocket), config.matchId, token, view.version, {
    update: (update: Update) => {
      const before = view;
      view = update.match;
      show(view, update.event, before);
      tellUpdate(view, update.event);
    },
    state: (state) => {
      setStatus(state);
      // The match is over: its board stays, and its history opens beside it to step through.
      if (state === "ended") void openReplay(view.version).catch(() => undefined);
    },
    error: fail,
  });
  live.start();
}

void start();
