import { globSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Every Russian message that puts a number before a noun declines the noun by the number: through
 * formatCount or pluralize (common/format.ts), never «${n} товаров» («1 товаров», «2 товаров»).
 * The scan reads the messages of `common/` and `server/` as the compiler sees them: a template's
 * placeholder whose type is a number, followed by a Russian word. Units and prepositions after a
 * number do not change with it and are allowed.
 */
const INVARIABLE = new Set([
  ...['шт', 'га', 'кг', 'г', 'т', 'км', 'м', 'см', 'мм', 'л', 'МБ', 'КБ', 'ГБ', 'Б', 'ч', 'мин', 'с', 'руб', 'коп'],
  ...['млн', 'млрд', 'тыс', 'из', 'от', 'до', 'и', 'или', 'в', 'во', 'на', 'по', 'за', 'раза'],
])

const SOURCES = globSync('{common,server}/**/*.{ts,tsx}').filter((file) => !/\.test\.tsx?$|testing|\/seed\//.test(file))

function numbersBeforeWords(): string[] {
  const program = ts.createProgram(SOURCES, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  })
  const checker = program.getTypeChecker()
  const found: string[] = []
  for (const source of program.getSourceFiles()) {
    if (!SOURCES.some((file) => source.fileName.endsWith(file))) continue
    const visit = (node: ts.Node) => {
      if (ts.isTemplateExpression(node)) {
        for (const span of node.templateSpans) {
          const word = /^\s+([А-Яа-яЁё]+)/.exec(span.literal.text)?.[1]
          if (!word || INVARIABLE.has(word)) continue
          const type = checker.getTypeAtLocation(span.expression)
          if (!(type.flags & ts.TypeFlags.NumberLike)) continue
          const { line } = source.getLineAndCharacterOfPosition(span.getStart())
          found.push(
            `${source.fileName.replace(/^.*?\/(common|server)\//, '$1/')}:${line + 1}: \${${span.expression.getText()}} ${word}`,
          )
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

describe('Russian messages', () => {
  it('decline every counted noun by its number', () => {
    expect(numbersBeforeWords()).toEqual([])
  })

  it('say what an organization did without «(а)»', () => {
    const gendered = SOURCES.flatMap((file) => {
      const text = ts.sys.readFile(file) ?? ''
      return [...text.matchAll(/[а-яё]+\(а\)/g)].map((match) => `${file}: ${match[0]}`)
    })
    expect(gendered).toEqual([])
  })
})
