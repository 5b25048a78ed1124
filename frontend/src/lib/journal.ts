// Pure functions that turn a run's events into what the research view
// shows: journal rows, findings, the checklist's coverage and figures.
import type { AgentEvent, Finding, Item, RunView } from '../api';

export type Tone = 'action' | 'refused' | 'check' | 'failed' | 'finding' | 'info' | 'done' | 'attention';

export interface Row {
  seq: number;
  turn: number;
  icon: string;
  title: string;
  detail: string;
  thought: string;
  tone: Tone;
}

const ACTION_ICONS: Record<string, string> = {
  SEARCH: '◎',
  NAVIGATE: '→',
  READ_MORE: '≡',
  DISCOVER: '✚',
  FINISH: '⚑',
};

// Icons are plain Unicode symbols that common text fonts carry (emoji fonts
// are missing on many Linux desktops).

const described = new WeakMap<AgentEvent, Row | null>();

/**
 * The journal rows for events, in order. An event's row is made once and
 * then reused, so a long run's journal does not rebuild thousands of rows
 * for every batch that arrives.
 */
export function rowsOf(events: AgentEvent[]): Row[] {
  const out: Row[] = [];
  for (const ev of events) {
    let r = described.get(ev);
    if (r === undefined) {
      r = describe(ev);
      described.set(ev, r);
    }
    if (r) out.push(r);
  }
  return out;
}

/**
 * A run's whole journal as Go holds it, with the events already held kept
 * as the same objects, so their rows and journal blocks are reused instead
 * of rebuilt (a long run's end would otherwise re-render thousands of
 * rows). It returns held itself when Go's journal adds nothing to it.
 */
export function keepHeld(held: AgentEvent[], all: AgentEvent[]): AgentEvent[] {
  if (all.length === held.length && all.every((e, i) => e.seq === held[i].seq)) return held;
  const bySeq = new Map(held.map((e) => [e.seq, e]));
  return all.map((e) => bySeq.get(e.seq) ?? e);
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

/** A journal row for an event, or null for events shown elsewhere. */
export function describe(ev: AgentEvent): Row | null {
  const row = (icon: string, title: string, detail = '', tone: Tone = 'info', thought = ''): Row => ({
    seq: ev.seq, turn: ev.turn, icon, title, detail, thought, tone,
  });
  switch (ev.type) {
    case 'run_started':
      return row('▶', ev.message === 'resumed' ? 'Run resumed' : 'Run started', ev.objective ?? '');
    case 'checklist':
      return row('☑', 'Checklist', (ev.checklist ?? []).map((i) => `${i.number}. ${i.text}`).join('  '));
    case 'action':
      return row(ACTION_ICONS[ev.action ?? ''] ?? '•', ev.action ?? '', ev.parameter ?? '', 'action', ev.thought ?? '');
    case 'refused':
      // An unusable reply has no action to name.
      return row('↩', ev.action ? `${ev.action} sent back` : 'Reply sent back', ev.reason ?? '', 'refused');
    case 'searched':
      return ev.message
        ? row('⚠', 'Search failed', ev.message, 'failed')
        : row('◎', `${ev.count ?? 0} results`, ev.query ?? '');
    case 'page_opened':
      return row('▤', `Opened ${ev.title || ev.url}`, `${ev.parts ?? 1} part${ev.parts === 1 ? '' : 's'} · ${ev.url}`);
    case 'page_failed':
      return row('⚠', 'Page failed', `${ev.url}: ${ev.reason}`, 'failed');
    case 'part_shown':
      return row('≡', `Reading part ${ev.part} of ${ev.parts}`, ev.title ?? '');
    case 'finding_added':
      return ev.finding ? row('✚', `Finding [${ev.finding.number}]`, ev.finding.text, 'finding') : null;
    case 'check':
      return row('◆', checkTitle(ev.kind ?? ''), ev.reason ?? '', 'check');
    case 'prompt_rebuilt':
      return row('♻', 'Prompt rebuilt', ev.reason ?? '');
    case 'turn_skipped':
      return row('⚠', 'Turn skipped', ev.reason ?? '', 'failed');
    case 'run_finished':
      return row('■', `Run ${statusText(ev.status ?? '')}`, ev.message ?? '', 'done');
    case 'report_written':
      return row('✎', 'Report written', ev.file ?? '', 'done');
    case 'notice':
      return ev.kind === 'waiting'
        ? row('✋', 'Waiting for you', ev.message ?? '', 'attention')
        : row('ℹ', 'Note', ev.message ?? '');
  }
  return null;
}

function checkTitle(kind: string): string {
  return (
    {
      progress: 'Progress check',
      coverage: 'Coverage check',
      finish_now: 'Everything covered: finish now',
      not_covered: 'Finish sent back',
      context: 'Context adjusted',
    }[kind] ?? `Check: ${kind}`
  );
}

/** How a run ended, in words. */
export function statusText(status: string): string {
  return (
    {
      finished: 'finished',
      turn_limit: 'stopped at the turn limit',
      interrupted: 'stopped',
      model_unavailable: 'ended: model unavailable',
      stuck: 'ended: the model was stuck',
      search_unavailable: 'ended: search unavailable',
      failed: 'could not start',
      running: 'running now',
    }[status] ?? status
  );
}

/** The findings recorded so far, in order. */
export function findingsOf(events: AgentEvent[]): Finding[] {
  return events.filter((e) => e.type === 'finding_added' && e.finding).map((e) => e.finding as Finding);
}

/** The checklist, if made. */
export function checklistOf(events: AgentEvent[]): Item[] {
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === 'checklist') return events[i].checklist ?? [];
  }
  return [];
}

/** The findings numbers covering each checklist item. */
export function coverage(items: Item[], findings: Finding[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const it of items) out.set(it.number, []);
  for (const f of findings) for (const n of f.items ?? []) out.get(n)?.push(f.number);
  return out;
}

export interface Figures {
  turn: number;
  maxTurns: number;
  modelSeconds: number;
  promptTokens: number;
  cachedTokens: number;
  /** Share of prompt tokens the server reused from its cache, 0-100. */
  reusePct: number;
  /** Whether reusePct is partly Scout's estimate (LM Studio and Ollama do not report it). */
  reuseEstimated: boolean;
  /** The last action prompt as a share of the context length, 0-100. */
  contextPct: number;
  /** The last reported generation speed, tokens per second; 0 unknown. */
  writeRate: number;
}

/** Live figures from the model calls so far. */
export function figures(view: RunView, events: AgentEvent[]): Figures {
  let turn = 0, ns = 0, prompt = 0, cached = 0, lastAction = 0, rate = 0, estimated = false;
  let ctxLen = view.context_length;
  for (const e of events) {
    turn = Math.max(turn, e.turn);
    // The server may have less context loaded than assumed: the agent says so.
    if (e.type === 'check' && e.kind === 'context' && e.count) ctxLen = e.count;
    if (e.type !== 'model_call' || !e.usage) continue;
    ns += e.usage.duration_ns;
    prompt += e.usage.prompt_tokens;
    cached += e.usage.cached_tokens;
    estimated ||= !!e.usage.cache_estimated;
    if (e.kind === 'action') lastAction = e.usage.prompt_tokens;
    if (e.usage.write_rate) rate = e.usage.write_rate;
  }
  const pct = (a: number, b: number) => (b > 0 ? Math.min(100, Math.round((100 * a) / b)) : 0);
  return {
    turn,
    maxTurns: view.max_turns,
    modelSeconds: ns / 1e9,
    promptTokens: prompt,
    cachedTokens: cached,
    reusePct: pct(cached, prompt),
    reuseEstimated: estimated,
    contextPct: pct(lastAction, ctxLen),
    writeRate: Math.round(rate * 10) / 10,
  };
}

/** Seconds a run has worked at time now (ms): earlier stretches plus this one. */
export function workedSeconds(view: RunView, now: number): number {
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

/** Whether the run waits for the user: its latest event asks them to act. */
export function waitingOnUser(events: AgentEvent[]): boolean {
  const last = events[events.length - 1];
  return last?.type === 'notice' && last.kind === 'waiting';
}

/** Whether a run that ended this way can be resumed. */
export function resumable(status: string): boolean {
  return ['interrupted', 'turn_limit', 'model_unavailable', 'stuck', 'search_unavailable'].includes(status);
}
