// Underline on screen: a line markup (shared/markup.tsx) along the bottom of each line.
import { LineMarkView } from './shared/markup';
import type { ViewProps } from './types';

export const UnderlineView = (props: ViewProps<'underline'>) => LineMarkView(props);
