// openapi.yaml under an independent linter: Redocly's recommended rules (redocly.yaml, with the
// known false positives relaxed there and in .redocly.lint-ignore.yaml, each with its reason). Any
// problem left fails, warnings included, wherever it is — paths added later are linted as well.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { getLineColLocation, lint, lintFromString, loadConfig, type Config, type NormalizedProblem } from '@redocly/openapi-core';
import { OPENAPI_FILE } from './support/openapi.js';

const CONFIG_FILE = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

/** Each problem that is not waived, as `line:column rule: message`. */
function unwaived(problems: NormalizedProblem[]): string[] {
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => {
      const where = problem.location[0] ? getLineColLocation(problem.location[0]).start : undefined;
      return `${where ? `${where.line}:${where.col}` : '?'} ${problem.ruleId}: ${problem.message}`;
    });
}

describe('openapi.yaml under Redocly lint', () => {
  let config: Config;
  const source = readFileSync(OPENAPI_FILE, 'utf8');
  // The document as given, under its own name, so the waivers of .redocly.lint-ignore.yaml apply.
  const lintText = async (text: string) => unwaived(await lintFromString({ source: text, absoluteRef: OPENAPI_FILE, config }));

  before(async () => {
    config = await loadConfig({ configPath: CONFIG_FILE });
  });

  it('has no problem under the recommended rules', async () => {
    const problems = unwaived(await lint({ ref: OPENAPI_FILE, config }));
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('when a description in a flow mapping holds an unquoted ", ", reports the stray key it becomes', async () => {
    const quoted = "redis: { type: boolean, description: 'Cache-store reachability; false means degraded caching, not an outage.' }";
    expect(source).to.include(quoted);
    const problems = await lintText(source.replace(quoted, quoted.replace(/'/g, '')));
    expect(problems.join('\n')).to.match(/struct: Property `not an outage\.` is not expected here/);
  });

  it('when a component is not used, reports it', async () => {
    const problems = await lintText(source.replace(/\n {2}schemas:\n/, '\n  schemas:\n    Unused: { type: string }\n'));
    expect(problems.join('\n')).to.match(/no-unused-components: Component: "Unused" is never used/);
  });

  it('when a path is added without what every operation needs, reports it', async () => {
    const added = source.replace(/\npaths:\n/, "\npaths:\n  /added:\n    get:\n      responses:\n        '200': { description: Fine. }\n");
    const problems = await lintText(added);
    expect(problems.join('\n')).to.match(/operation-operationId/).and.match(/operation-4xx-response/);
  });
});
