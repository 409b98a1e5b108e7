// The current language's words, for components.
import { useUiStore } from '../store/ui-store';
import { STRINGS, type Strings } from './strings';

export function useStrings(): Strings {
  const lang = useUiStore((s) => s.lang);
  return STRINGS[lang];
}
