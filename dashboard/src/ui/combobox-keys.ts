/**
 * The dashboard's combobox keyboard (docs/adr/0242), WAI-ARIA's combobox with a listbox popup: the
 * input keeps the focus and `aria-activedescendant` names the option the keys are on. A pure
 * function of the state and the key, so that the model is tested without a browser.
 *
 * - ↓/↑ open a closed list (where there is one: `opensAt`), else move, wrapping at the ends.
 * - Page Down/Up move ten, stopping at the ends; Home/End go to the first and last option while the
 *   field is empty, else they move the caret in the text as usual.
 * - Enter picks the option the keys are on and closes; Escape closes and keeps what is in force.
 * - Tab closes and moves on as usual; it picks only an option moved to with the keys.
 */

export interface ComboState {
  open: boolean;
  /** The option the keys are on (-1: none). */
  active: number;
  /** The keys moved to `active` (else it is where the list opened or where a search put it). */
  moved: boolean;
}

export const CLOSED: ComboState = { open: false, active: -1, moved: false };

export interface ComboContext {
  /** How many options the open list shows. */
  count: number;
  /** Whether the field is empty (Home/End then move in the list). */
  empty: boolean;
  /** Where a closed list opens for ↓ (1) or ↑ (-1), or null when it has nothing to open. */
  opensAt: (step: 1 | -1) => number | null;
}

export interface ComboStep {
  state: ComboState;
  /** The option picked, if the key picked one. */
  pick: number | null;
  /** The key was the combobox's (the browser's own action is prevented). */
  handled: boolean;
}

const PAGE = 10;
const skip = (state: ComboState): ComboStep => ({ state, pick: null, handled: false });
const moveTo = (active: number): ComboStep => ({ state: { open: true, active, moved: true }, pick: null, handled: true });

export function comboKey(s: ComboState, key: string, c: ComboContext): ComboStep {
  const arrow = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
  if (!s.open) {
    const at = arrow === 0 ? null : c.opensAt(arrow);
    return at === null ? skip(s) : moveTo(at);
  }
  const last = c.count - 1;
  const valid = s.active >= 0 && s.active <= last;
  if (arrow !== 0) {
    if (c.count === 0) return skip(s);
    if (!valid) return moveTo(arrow > 0 ? 0 : last);
    return moveTo((s.active + arrow + c.count) % c.count);
  }
  if ((key === 'PageDown' || key === 'PageUp') && c.count > 0)
    return moveTo(Math.max(0, Math.min(last, (valid ? s.active : -1) + (key === 'PageDown' ? PAGE : -PAGE))));
  if ((key === 'Home' || key === 'End') && c.empty && c.count > 0) return moveTo(key === 'Home' ? 0 : last);
  if (key === 'Enter') return { state: CLOSED, pick: valid ? s.active : null, handled: true };
  if (key === 'Escape') return { state: CLOSED, pick: null, handled: true };
  if (key === 'Tab') return { state: CLOSED, pick: valid && s.moved ? s.active : null, handled: false };
  return skip(s);
}
