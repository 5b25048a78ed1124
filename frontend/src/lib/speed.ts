// Pure helpers that turn what Go measured and tells of a model call into
// what the settings screen and the research view show. Go decides the
// figures and the words; these only lay them out.
import type { CallProgress, Measurement } from '../api';
import { when } from './when';
import { language, say, span, t } from '../i18n/index.svelte';

/**
 * A speed in tokens per second as Go's speed.Rate rounds it (whole from 10
 * up, one decimal below, '?' when not measured), written as the window's
 * language writes numbers: "138,913" in English, "138.913" in German.
 */
export function rate(r: number): string {
  if (!(r > 0)) return '?';
  const decimals = r >= 10 ? 0 : 1;
  const rounded = decimals ? Math.round(r * 10) / 10 : Math.round(r);
  return new Intl.NumberFormat(language(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(rounded);
}

/**
 * The probe's warnings in the window's language, each as its message, or
 * as Go wrote them when the measurement has none for each (one an older
 * Scout kept).
 */
export function warnings(m: Pick<Measurement, 'warnings' | 'warning_says'>): string[] {
  const said = m.warning_says?.length === m.warnings.length ? m.warning_says : [];
  return m.warnings.map((w, i) => say(said[i], w));
}

/** An answer of the probe in words. */
export function answer(v: string): string {
  const words: Record<string, () => string> = {
    yes: () => t('settings.answer_yes'),
    no: () => t('settings.answer_no'),
    unknown: () => t('settings.answer_unknown'),
  };
  return words[v]?.() ?? v;
}

/** When a measurement was made and what it cost: "Measured 1 Dec 2026, 14:02, in 6 s." */
export function measuredLine(m: Measurement): string {
  const at = when(m.measured);
  const took = span((m.took_ns ?? 0) / 1e9);
  return at ? t('settings.measured', { when: at, took }) : t('settings.measured_undated', { took });
}

/** The progress bar's fill, 0-100, or null when the share done cannot be told (a call's or the probe's). */
export function barPercent(p: Pick<CallProgress, 'wait'> | null): number | null {
  const done = p?.wait?.done;
  if (done === undefined || done < 0) return null;
  return Math.max(0, Math.min(100, Math.round(done * 100)));
}
