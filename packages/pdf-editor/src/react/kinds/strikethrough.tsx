// Strikethrough on screen: a line markup (shared/markup.tsx) through the middle of each line.
import { LineMarkView } from './shared/markup';
import type { ViewProps } from './types';

export const StrikethroughView = (props: ViewProps<'strikethrough'>) => LineMarkView(props);
