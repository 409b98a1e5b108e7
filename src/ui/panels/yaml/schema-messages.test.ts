// monaco-yaml's messages (yaml-language-server 1.x, jsonParser.ts and its ProblemTypeMessages) as
// they come out for Kubernetes manifests, and the plain words the editor shows instead (issue 11:
// "schema messages use plain words, not OpenAPI type ids").

import { describe, expect, it } from 'vitest';
import { plainSchemaMessage } from './schema-messages';

describe('plainSchemaMessage', () => {
  it.each([
    ['Incorrect type. Expected "io.k8s.api.core.v1.Container".', 'en', 'Wrong type: expected a Container (an object with fields).'],
    ['Incorrect type. Expected "io.k8s.api.core.v1.Container".', 'ru', 'Неверный тип: ожидается объект Container (с полями).'],
    ['Incorrect type. Expected "integer".', 'en', 'Wrong type: expected a whole number.'],
    ['Incorrect type. Expected "integer".', 'ru', 'Неверный тип: ожидается целое число.'],
    ['Incorrect type. Expected "object".', 'en', 'Wrong type: expected an object (fields, one per line).'],
    ['Incorrect type. Expected "array".', 'ru', 'Неверный тип: ожидается список (элементы, начинающиеся с -).'],
    ['Incorrect type. Expected one of string, integer.', 'en', 'Wrong type: expected text (a string) or a whole number.'],
    ['Property replicass is not allowed.', 'en', 'Unknown field "replicass": Kubernetes has no such field here.'],
    ['Property replicass is not allowed.', 'ru', 'Неизвестное поле «replicass»: в Kubernetes здесь нет такого поля.'],
    ['Missing property "name".', 'en', 'Required field "name" is missing.'],
    ['Missing property "name".', 'ru', 'Не хватает обязательного поля «name».'],
    ['Value is not accepted. Valid values: "Always", "IfNotPresent", "Never".', 'en', 'This value is not allowed. Allowed values: "Always", "IfNotPresent", "Never".'],
    ['Value must be "v1".', 'ru', 'Значение должно быть "v1".'],
    ['String is not a RFC3339 date-time.', 'en', 'Expected a date and time such as 2024-01-31T12:00:00Z.'],
  ] as const)('%s (%s)', (raw, lang, plain) => {
    expect(plainSchemaMessage(raw, lang)).toBe(plain);
  });

  it('never shows an OpenAPI definition id', () => {
    for (const lang of ['en', 'ru'] as const) {
      expect(plainSchemaMessage('Incorrect type. Expected "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta".', lang)).not.toMatch(/io\.k8s/);
    }
  });

  it('leaves a message it does not know as it is (a YAML syntax error)', () => {
    expect(plainSchemaMessage('Nested mappings are not allowed in compact mappings', 'ru')).toBe('Nested mappings are not allowed in compact mappings');
  });
});
