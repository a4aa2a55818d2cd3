/*
 * A plain C legal-play generator, the yardstick `bench/suites/backgammon-plays.ts` compiles with
 * `cc -O2` and runs on the same corpus as `legalPlays`: the same rules (bar first, blocked points,
 * bearing off with all checkers home and a larger die only from the highest point, as many dice
 * as possible, the larger die when only one can be played), the same depth-first search on one
 * board with undo over the occupied points only, the second order of a non-double pruned as
 * there, and the distinct resulting positions kept in a
 * hash set with their steps (an incremental Zobrist hash, the board compared only when hashes are
 * equal).
 *
 * Input (stdin): one case a line, the 50 counts of a board laid out as `toBuffer` does (0..24 the
 * player on roll, 25..49 the opponent, each side from its own view, 24 and 49 the bars) and the
 * two dice. Argument: milliseconds to run for. Output: positions per second, and the number of
 * distinct plays over one pass of the corpus (the suite checks it against `legalPlays`).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BAR 24
#define OPP_BAR 49
#define TABLE 4096

typedef struct { int8_t b[50]; int d1, d2; } Case;

typedef struct {
  uint64_t hash;
  int8_t mover[25];
  uint32_t hits;
  uint8_t steps[4];
  int n;
} Play;

static int8_t b[50];
static uint32_t hits;
static uint64_t hash, zobrist[25][16], zobrist_hit[24];
static int dice[4], ndice, doubles, reversed, bar_at_start, max_len;
static uint8_t steps[4];
static Play found[TABLE];
static int nfound;
static int table[TABLE];
static unsigned stamp[TABLE], generation = 1;

static void init_zobrist(void) {
  uint64_t x = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 25; i++)
    for (int n = 0; n < 16; n++) zobrist[i][n] = x = x * 6364136223846793005u + 1442695040888963407u;
  for (int t = 0; t < 24; t++) zobrist_hit[t] = x = x * 6364136223846793005u + 1442695040888963407u;
}

/* b[i] changes by delta (the count stays within 0..15), keeping the hash in step. */
static void add(int i, int delta) {
  hash ^= zobrist[i][b[i]];
  b[i] += delta;
  hash ^= zobrist[i][b[i]];
}

static void record(int n) {
  if (n < max_len || n == 0) return;
  if (n > max_len) { max_len = n; nfound = 0; generation++; }
  uint32_t slot = (uint32_t)(hash >> 40) & (TABLE - 1);
  while (stamp[slot] == generation) {
    Play *p = &found[table[slot]];
    if (p->hash == hash && p->hits == hits && memcmp(p->mover, b, 25) == 0) return;
    slot = (slot + 1) & (TABLE - 1);
  }
  if (nfound == TABLE / 2) { fprintf(stderr, "too many plays\n"); exit(1); }
  stamp[slot] = generation;
  table[slot] = nfound;
  Play *p = &found[nfound++];
  p->hash = hash;
  memcpy(p->mover, b, 25);
  p->hits = hits;
  memcpy(p->steps, steps, 4);
  p->n = n;
}

static uint32_t occupied; /* bit i: the mover has a checker on index i */
static int outside;       /* the mover's checkers on 6..24: bearing off needs none */

static int can_step(int from, int die) {
  int to = from - die;
  if (to >= 0) return b[48 - to] < 2;
  if (outside > 0) return 0;
  if (to < -1) for (int i = from + 1; i < 6; i++) if (b[i] > 0) return 0;
  return 1;
}

/* The points a step may start from, `start` or below: the bar alone while it holds checkers. */
static uint32_t sources(int start) {
  if (b[BAR] > 0) return start == BAR ? 1u << BAR : 0;
  return occupied & ((2u << start) - 1);
}

static void move(int i, int delta) {
  add(i, delta);
  if (b[i] == 0) occupied &= ~(1u << i); else occupied |= 1u << i;
}

static void search(int depth, int start) {
  if (depth == ndice) { record(depth); return; }
  int die = dice[depth], moved = 0;
  uint32_t m = sources(start);
  /* The second order of a non-double: with no checker on the bar at the start and none able to
   * bear off, only the checker just moved can make a play the first order did not find (see
   * `PlayFinder.pair` in play-finder.ts). */
  if (reversed && depth == 1 && !bar_at_start && outside > 0) {
    int to = steps[0] & 31;
    to -= steps[0] >> 5;
    m = b[to] == 1 ? 1u << to : 0;
  }
  while (m) {
    int from = 31 - __builtin_clz(m);
    m ^= 1u << from;
    if (!can_step(from, die)) continue;
    moved = 1;
    int to = from - die, hit = 0;
    move(from, -1);
    if (to >= 0) {
      move(to, 1);
      if (from >= 6 && to < 6) outside--;
      if (b[48 - to] == 1) { hit = 1; b[48 - to] = 0; b[OPP_BAR]++; hits |= 1u << to; hash ^= zobrist_hit[to]; }
    }
    steps[depth] = (uint8_t)(from | (die << 5));
    search(depth + 1, doubles ? from : BAR);
    if (hit) { b[48 - to] = 1; b[OPP_BAR]--; hits &= ~(1u << to); hash ^= zobrist_hit[to]; }
    if (to >= 0) {
      move(to, -1);
      if (from >= 6 && to < 6) outside++;
    }
    move(from, 1);
  }
  if (!moved) record(depth);
}

static int legal_plays(const Case *c) {
  memcpy(b, c->b, 50);
  occupied = 0;
  outside = 0;
  for (int i = 0; i < 25; i++) {
    if (b[i] > 0) occupied |= 1u << i;
    if (i >= 6) outside += b[i];
  }
  bar_at_start = b[BAR] > 0;
  hash = 0;
  hits = 0; max_len = 0; nfound = 0; generation++;
  int high = c->d1 > c->d2 ? c->d1 : c->d2, low = c->d1 > c->d2 ? c->d2 : c->d1;
  if (high == low) {
    doubles = 1; ndice = 4; reversed = 0;
    dice[0] = dice[1] = dice[2] = dice[3] = high;
    search(0, BAR);
  } else {
    doubles = 0; ndice = 2;
    dice[0] = high; dice[1] = low; reversed = 0; search(0, BAR);
    dice[0] = low; dice[1] = high; reversed = 1; search(0, BAR);
  }
  if (max_len == 1 && high != low) {
    int any = 0, kept = 0;
    for (int i = 0; i < nfound; i++) any |= (found[i].steps[0] >> 5) == high;
    if (any) {
      for (int i = 0; i < nfound; i++) if ((found[i].steps[0] >> 5) == high) found[kept++] = found[i];
      nfound = kept;
    }
  }
  return nfound;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  double ms = argc > 1 ? atof(argv[1]) : 1000;
  init_zobrist();
  int cap = 1024, n = 0;
  Case *cases = malloc(sizeof(Case) * cap);
  for (;;) {
    Case c;
    int v, i;
    for (i = 0; i < 50 && scanf("%d", &v) == 1; i++) c.b[i] = (int8_t)v;
    if (i < 50 || scanf("%d %d", &c.d1, &c.d2) != 2) break;
    if (n == cap) cases = realloc(cases, sizeof(Case) * (cap *= 2));
    cases[n++] = c;
  }
  if (n == 0) { fprintf(stderr, "no cases\n"); return 1; }
  long plays = 0;
  for (int i = 0; i < n; i++) plays += legal_plays(&cases[i]);
  long calls = 0;
  double start = now_ms(), t = start;
  while (t - start < ms) {
    for (int i = 0; i < n; i++) legal_plays(&cases[i]);
    calls += n;
    t = now_ms();
  }
  printf("%.0f %ld\n", calls * 1000.0 / (t - start), plays);
  return 0;
}
