// The current language's words, for components.
import { STRINGS, type Strings } from './strings';
import { useUiStore } from '../store/app-store';

export function useStrings(): Strings {
  const lang = useUiStore((s) => s.lang);
  return STRINGS[lang];
}
