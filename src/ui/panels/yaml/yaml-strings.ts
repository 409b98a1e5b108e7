// The YAML tab's words in English and Russian (picked like the app's own: the ui-store's `lang`):
// what Apply answered, and monaco-yaml's schema messages in plain words. kubectl's own output
// (`pod/web created`, `The Pod "web" is invalid: ...`) is shown as kubectl prints it, untranslated:
// people search for it.

import type { Lang } from '../../app/strings';
import { useUiStore } from '../../store/app-store';

/** JSON Schema's type names (what monaco-yaml says a value should be). */
export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

export interface YamlStrings {
  applying: string;
  applyWaiting: string;
  applyOk: string;
  applyFailed: string;
  applyNothing: string;
  applyResultLabel: string;
  line: string;
  types: Record<SchemaType, string>;
  /** A Kubernetes type the value should be (`Container`): `a Container (an object)`. */
  kubeType(name: string): string;
  wrongType(what: string): string;
  wrongTypeOneOf(whats: string[]): string;
  unknownField(name: string): string;
  missingField(name: string): string;
  notAllowedValue(allowed: string): string;
  mustBe(value: string): string;
  dateTime: string;
}

const en: YamlStrings = {
  applying: 'Applying…',
  applyWaiting: 'Sent to the cluster: the answer comes when simulated time runs (press Play or Step).',
  applyOk: 'kubectl apply:',
  applyFailed: 'kubectl apply failed:',
  applyNothing: 'kubectl apply printed nothing.',
  applyResultLabel: 'Result of Apply',
  line: 'Line',
  types: {
    string: 'text (a string)',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    array: 'a list (items starting with -)',
    object: 'an object (fields, one per line)',
    null: 'nothing (null)',
  },
  kubeType: (name) => `a ${name} (an object with fields)`,
  wrongType: (what) => `Wrong type: expected ${what}.`,
  wrongTypeOneOf: (whats) => `Wrong type: expected ${whats.join(' or ')}.`,
  unknownField: (name) => `Unknown field "${name}": Kubernetes has no such field here.`,
  missingField: (name) => `Required field "${name}" is missing.`,
  notAllowedValue: (allowed) => `This value is not allowed. Allowed values: ${allowed}.`,
  mustBe: (value) => `The value must be ${value}.`,
  dateTime: 'Expected a date and time such as 2024-01-31T12:00:00Z.',
};

const ru: YamlStrings = {
  applying: 'Применяется…',
  applyWaiting: 'Отправлено в кластер: ответ придёт, когда пойдёт симулированное время (нажмите «Пуск» или «Шаг»).',
  applyOk: 'kubectl apply:',
  applyFailed: 'kubectl apply не удался:',
  applyNothing: 'kubectl apply ничего не вывел.',
  applyResultLabel: 'Результат «Применить»',
  line: 'Строка',
  types: {
    string: 'текст (строка)',
    integer: 'целое число',
    number: 'число',
    boolean: 'true или false',
    array: 'список (элементы, начинающиеся с -)',
    object: 'объект (поля, по одному в строке)',
    null: 'пустое значение (null)',
  },
  kubeType: (name) => `объект ${name} (с полями)`,
  wrongType: (what) => `Неверный тип: ожидается ${what}.`,
  wrongTypeOneOf: (whats) => `Неверный тип: ожидается ${whats.join(' или ')}.`,
  unknownField: (name) => `Неизвестное поле «${name}»: в Kubernetes здесь нет такого поля.`,
  missingField: (name) => `Не хватает обязательного поля «${name}».`,
  notAllowedValue: (allowed) => `Такое значение недопустимо. Допустимые значения: ${allowed}.`,
  mustBe: (value) => `Значение должно быть ${value}.`,
  dateTime: 'Ожидаются дата и время вида 2024-01-31T12:00:00Z.',
};

export const YAML_STRINGS: Record<Lang, YamlStrings> = { en, ru };

export function useYamlStrings(): YamlStrings {
  return YAML_STRINGS[useUiStore((s) => s.lang)];
}
