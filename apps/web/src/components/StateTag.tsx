import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { normalizeState, stateColor } from './states.ts';

export type StateTagProps = {
  /** The state as stored ('EN PROCESO', 'REVISADA', ...); it picks the colour. */
  state: string | null | undefined;
  /** Text to show instead of the state itself (the word is always shown, never colour alone). */
  children?: ReactNode;
};

export function StateTag({ state, children }: StateTagProps) {
  if (!state) return null;
  return (
    <Tag color={stateColor(state)} style={{ marginInlineEnd: 0 }}>
      {children ?? normalizeState(state)}
    </Tag>
  );
}
