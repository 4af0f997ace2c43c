import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { normalizeState, STATE_TAG_COLORS, stateColor } from './states.ts';

export type StateTagProps = {
  /** The state as stored ('EN PROCESO', 'REVISADA', ...); it picks the colour. */
  state: string | null | undefined;
  /** Text to show instead of the state itself (the word is always shown, never colour alone). */
  children?: ReactNode;
};

export function StateTag({ state, children }: StateTagProps) {
  if (!state) return null;
  const color = stateColor(state);
  return (
    // antd's preset text shades for cyan, orange, gold and green fall short of AA on their background.
    <Tag color={color} style={{ marginInlineEnd: 0, color: STATE_TAG_COLORS[color].text }}>
      {children ?? normalizeState(state)}
    </Tag>
  );
}
