import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonRange } from '../../web/src/features/services/admin/jsonRange';

/** The service form shows a questionnaire problem in the JSON text: the range of the value a path names. */
const test = suite('web: the range of a value in JSON text');

const text = JSON.stringify(
  {
    questions: [
      { name: 'a', label: { en: 'A "quoted" one, with [brackets] and {braces}', fr: 'A' }, rules: [] },
      {
        name: 'b',
        rules: [
          {
            conditions: [],
            actions: [
              { type: 'setDuration', value: 700 },
              { type: 'gotoEnding', value: 'end' },
            ],
          },
        ],
      },
    ],
    endings: [],
  },
  null,
  2,
);
const at = (path: (string | number)[]) => {
  const range = jsonRange(text, path);
  return range && text.slice(range[0], range[1]);
};

test('a value deep inside, past strings holding brackets and quotes', () => {
  assert.is(at(['questions', 1, 'rules', 0, 'actions', 0, 'value']), '700');
  assert.is(at(['questions', 1, 'rules', 0, 'actions', 1, 'value']), '"end"');
  assert.is(at(['questions', 0, 'label', 'fr']), '"A"');
  assert.is(at(['endings']), '[]');
});

test('objects and lists whole', () => {
  assert.equal(JSON.parse(at(['questions', 1, 'rules', 0, 'actions', 0])!), { type: 'setDuration', value: 700 });
  assert.is(at([]), text);
});

test('a missing property or element gives its container; text that is not JSON enough gives what it can', () => {
  assert.equal(JSON.parse(at(['questions', 0, 'label', 'de'])!), {
    en: 'A "quoted" one, with [brackets] and {braces}',
    fr: 'A',
  });
  assert.equal(JSON.parse(at(['questions', 1, 'rules', 3])!), JSON.parse(at(['questions', 1, 'rules'])!));
  assert.is(jsonRange('', ['questions']), null);
  assert.equal(jsonRange('{"questions": [', ['questions', 0]), [14, 15], 'the list begun');
});

test.run();
