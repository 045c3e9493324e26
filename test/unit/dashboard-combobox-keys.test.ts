/**
 * The dashboard's combobox keyboard (docs/adr/0242), both pickers': ↓/↑ open and move (wrapping),
 * Page Down/Up by ten, Home/End in the list only while the field is empty, Enter picks, Escape
 * closes, Tab picks only an option the keys moved to, and keys the combobox does not take left alone.
 */
import { describe, expect, it } from 'vitest';
import { CLOSED, type ComboContext, type ComboState, comboKey } from '../../dashboard/src/ui/combobox-keys.js';

const open = (active: number, moved = false): ComboState => ({ open: true, active, moved });
const ctx = (count: number, more: Partial<ComboContext> = {}): ComboContext => ({
  count,
  empty: false,
  opensAt: (step) => (step > 0 ? 0 : count - 1),
  ...more,
});
/** Where the keys end up after pressing `keys` from `state`. */
function press(state: ComboState, c: ComboContext, ...keys: string[]) {
  let s = state;
  const picks: number[] = [];
  for (const key of keys) {
    const step = comboKey(s, key, c);
    s = step.state;
    if (step.pick !== null) picks.push(step.pick);
  }
  return { ...s, picks };
}

describe('the combobox keyboard', () => {
  it('opens a closed list with ↓ or ↑ where the picker says, and not when there is nothing to list', () => {
    expect(comboKey(CLOSED, 'ArrowDown', ctx(5))).toEqual({ state: open(0, true), pick: null, handled: true });
    expect(comboKey(CLOSED, 'ArrowUp', ctx(5)).state).toEqual(open(4, true));
    // The zone picker opens on the zone in force, whichever arrow.
    expect(comboKey(CLOSED, 'ArrowUp', ctx(400, { opensAt: () => 212 })).state.active).toBe(212);
    const none = comboKey(CLOSED, 'ArrowDown', ctx(0, { opensAt: () => null }));
    expect([none.state, none.handled]).toEqual([CLOSED, false]);
    // Closed, Enter, Escape, Home and Tab are the browser's (a form's Enter submits it).
    for (const key of ['Enter', 'Escape', 'Home', 'Tab', 'a']) expect(comboKey(CLOSED, key, ctx(5)).handled, key).toBe(false);
  });

  it('moves with ↓/↑, wrapping at the ends, and by ten with Page Down/Up, stopping at the ends', () => {
    expect(press(open(0), ctx(3), 'ArrowDown', 'ArrowDown').active).toBe(2);
    expect(press(open(2), ctx(3), 'ArrowDown').active).toBe(0);
    expect(press(open(0), ctx(3), 'ArrowUp').active).toBe(2);
    expect(press(open(-1), ctx(3), 'ArrowUp').active).toBe(2);
    expect(press(open(-1), ctx(3), 'ArrowDown').active).toBe(0);
    expect(press(open(0), ctx(30), 'PageDown', 'PageDown').active).toBe(20);
    expect(press(open(25), ctx(30), 'PageDown').active).toBe(29);
    expect(press(open(5), ctx(30), 'PageUp').active).toBe(0);
    // From no option (a search just answered), Page Down goes ten down from before the first: the tenth.
    expect(press(open(-1), ctx(30), 'PageDown').active).toBe(9);
    expect(press(open(-1), ctx(30), 'PageUp').active).toBe(0);
    expect(press(open(0), ctx(3), 'ArrowDown').moved).toBe(true);
    // An open list with nothing in it: the arrows are left alone.
    expect(comboKey(open(-1), 'ArrowDown', ctx(0)).handled).toBe(false);
  });

  it('takes Home and End to the ends only while the field is empty, else leaves them to the caret', () => {
    expect(press(open(7), ctx(30, { empty: true }), 'End').active).toBe(29);
    expect(press(open(7), ctx(30, { empty: true }), 'Home').active).toBe(0);
    const typed = comboKey(open(7), 'Home', ctx(30));
    expect([typed.state.active, typed.handled]).toEqual([7, false]);
  });

  it('picks with Enter and closes; closes with Escape, keeping what is in force', () => {
    expect(comboKey(open(1), 'Enter', ctx(3))).toEqual({ state: CLOSED, pick: 1, handled: true });
    // No option to pick (nothing matches): Enter only closes, and does not submit the form.
    expect(comboKey(open(-1), 'Enter', ctx(0))).toEqual({ state: CLOSED, pick: null, handled: true });
    expect(comboKey(open(1), 'Escape', ctx(3))).toEqual({ state: CLOSED, pick: null, handled: true });
    expect(press(CLOSED, ctx(3), 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'Enter').picks).toEqual([2]);
  });

  it('closes with Tab, letting the focus move on, and picks only an option the keys moved to', () => {
    expect(comboKey(open(0), 'Tab', ctx(3))).toEqual({ state: CLOSED, pick: null, handled: false });
    expect(comboKey(open(0, true), 'Tab', ctx(3))).toEqual({ state: CLOSED, pick: 0, handled: false });
    expect(press(open(0), ctx(3), 'ArrowDown', 'Tab').picks).toEqual([1]);
  });

  it('leaves typing, the caret keys and the rest to the field', () => {
    for (const key of ['a', ' ', 'Backspace', 'ArrowLeft', 'ArrowRight', 'Delete']) {
      const step = comboKey(open(1), key, ctx(3));
      expect([step.state, step.handled], key).toEqual([open(1), false]);
    }
  });
});
