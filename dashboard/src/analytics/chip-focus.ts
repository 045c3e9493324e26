/**
 * Where the keyboard goes when a filter chip is removed (a removed button takes focus to the page's
 * start otherwise, and Tab begins again at "Skip to content"): the next chip's remove button, else
 * the one before it, else the period in force (no chip left).
 */
export function chipAfterRemoval<T>(fields: readonly T[], removed: T): T | null {
  const i = fields.indexOf(removed);
  if (i < 0) return null;
  return fields[i + 1] ?? fields[i - 1] ?? null;
}

/** Focuses the remove button of `field`'s chip in `list`, or the pressed period when there is none. */
export function focusAfterRemoval(list: HTMLElement | null, field: string | null): void {
  const chip = field === null ? null : list?.querySelector<HTMLElement>(`[data-field="${field}"] .chip-x`);
  (chip ?? document.querySelector<HTMLElement>('.presets button[aria-pressed="true"]'))?.focus();
}
