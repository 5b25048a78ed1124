// How the research view lays out what Go says of a run: the journal's rows
// in blocks, following the newest, and the clock. Go words every row and
// decides every status and figure; nothing here reads the run's events.
import type { Row, RunView } from '../api';

/**
 * A run's whole journal as Go holds it, with the rows already held kept as
 * the same objects, so they and their journal blocks are reused instead of
 * rebuilt (a long run's end would otherwise re-render thousands of rows).
 * It returns held itself when Go's journal adds nothing to it.
 */
export function keepHeld(held: Row[], all: Row[]): Row[] {
  if (all.length === held.length && all.every((r, i) => r.seq === held[i].seq)) return held;
  const bySeq = new Map(held.map((r) => [r.seq, r]));
  return all.map((r) => bySeq.get(r.seq) ?? r);
}

/** Rows per journal block: see blocksOf. */
export const BLOCK_ROWS = 100;

const blocks = new WeakMap<Row, Row[]>();

/**
 * How close to the bottom (px) still counts as at the bottom: a user who
 * scrolled up to read is left alone, one a row's height away is followed.
 */
const FOLLOW_SLACK_PX = 40;

/** Whether a journal scrolled this way follows new rows. */
export function following(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_SLACK_PX;
}

/**
 * The rows in blocks of BLOCK_ROWS. A full block is the same array every
 * time, so the page leaves it alone (and the browser can skip laying out
 * blocks out of view); only the last block changes as rows arrive.
 */
export function blocksOf(rows: Row[]): Row[][] {
  const out: Row[][] = [];
  for (let i = 0; i < rows.length; i += BLOCK_ROWS) {
    const full = i + BLOCK_ROWS <= rows.length;
    let b = full ? blocks.get(rows[i]) : undefined;
    if (!b) {
      b = rows.slice(i, i + BLOCK_ROWS);
      if (full) blocks.set(rows[i], b);
    }
    out.push(b);
  }
  return out;
}

/** Seconds a run has worked at time now (ms): earlier stretches plus this one. */
export function workedSeconds(view: Pick<RunView, 'started' | 'prior_seconds'>, now: number): number {
  if (!view.started) return view.prior_seconds ?? 0;
  return (view.prior_seconds ?? 0) + Math.max(0, (now - new Date(view.started).getTime()) / 1000);
}

/** Formats seconds as "1:05" or "1:02:03". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return (h > 0 ? `${h}:` : '') + `${mm}:${String(r).padStart(2, '0')}`;
}

/**
 * The model's time at now (ms): the calls done, plus the call in progress
 * as long as it has run, counted on from when Go last told of it (at, ms)
 * so the figure moves during a long call.
 */
export function liveModelSeconds(done: number, call: { wait: { elapsed_ns: number } } | null, at: number, now: number): number {
  if (!call) return done;
  return done + call.wait.elapsed_ns / 1e9 + Math.max(0, (now - at) / 1000);
}
