// What the setup card shows while the browser driver installs. Kept free of
// Svelte so it is tested directly.
import type { SetupProgress } from '../api';

/** How many install lines the card keeps in view. */
export const SHOWN_LINES = 5;

export interface InstallView {
  /** Percent downloaded, 0-100, or null while not known (an animated bar). */
  percent: number | null;
  /** The latest lines, oldest first. */
  lines: string[];
}

export const startView: InstallView = { percent: null, lines: [] };

/**
 * Folds one progress step into the view. Download steps move the bar and
 * replace each other's line (one "3.1 of 8.0 MB" line, not fifty); other
 * steps add their line.
 */
export function applyProgress(view: InstallView, p: SetupProgress): InstallView {
  const downloading = p.done > 0 && p.done < 1;
  const percent = p.done >= 0 ? Math.round(p.done * 100) : view.percent;
  const prev = view.lines[view.lines.length - 1] ?? '';
  const replaceLast = downloading && view.percent !== null && view.percent > 0 && view.percent < 100 && prev.startsWith('Downloading the browser driver:');
  const lines = replaceLast ? [...view.lines.slice(0, -1), p.line] : [...view.lines, p.line];
  return { percent, lines: lines.slice(-SHOWN_LINES) };
}
