/**
 * Plain arithmetic (`vAge * 2 + 1`) is by far the commonest Custom value; it needs no interpreter.
 * This reads numbers, variables holding finite numbers, `+ - * / % **`, unary `+ -` and parentheses,
 * and gives exactly what the sandbox would (JavaScript's number semantics), or `undefined` for
 * anything else, or anything it cannot be sure of: that code goes to the sandbox.
 */
export function evaluateArithmetic(code: string, globals: Record<string, unknown>): number | undefined {
  if (code.length > MAX_LENGTH) return undefined;
  const tokens = tokenize(code, globals);
  if (!tokens || tokens.length === 0) return undefined;
  const parser = new Parser(tokens);
  const value = parser.additive(0);
  return parser.atEnd() ? value : undefined;
}

type Token = number | Operator;
type Operator = "+" | "-" | "*" | "/" | "%" | "**" | "(" | ")";

const MAX_LENGTH = 1000;
// Parentheses, unary operators and `**` chains together; deeper code is left to the sandbox.
const MAX_NESTING = 32;
// A decimal literal; `012` (legacy octal), `0x`, `1_000` and `1n` are left to the sandbox.
const NUMBER = /(?:(?:0|[1-9][0-9]*)(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;
const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/y;
// Right after a number literal these make a syntax error or something else than a number (`1.5.x`, `1e`).
const NUMBER_END = /[A-Za-z0-9_$.\\]/;
const SINGLE: Record<string, Operator> = { "/": "/", "%": "%", "(": "(", ")": ")" };
const TWO_53 = 2n ** 53n;

/**
 * Names that never read the variable of that id in the sandbox: words of the language, the
 * function's own `arguments`, globals it cannot replace and those it defines after the variables.
 */
const NOT_VARIABLES = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with yield implements interface let package private " +
    "protected public static async arguments eval NaN Infinity undefined globalThis setVariable fetch console __proto__"
  ).split(" "),
);

function tokenize(code: string, globals: Record<string, unknown>): Token[] | undefined {
  const tokens: Token[] = [];
  let index = 0;
  while (index < code.length) {
    const char = code[index]!;
    if (char === " " || char === "\t") {
      index++;
    } else if (char === "\n" || char === "\r") {
      // `return` followed by a line break returns undefined.
      if (tokens.length === 0) return undefined;
      index++;
    } else if ((char >= "0" && char <= "9") || char === ".") {
      NUMBER.lastIndex = index;
      const literal = NUMBER.exec(code)?.[0];
      if (!literal) return undefined;
      index += literal.length;
      if (index < code.length && NUMBER_END.test(code[index]!)) return undefined;
      tokens.push(Number(literal));
    } else if (/[A-Za-z_$]/.test(char)) {
      IDENTIFIER.lastIndex = index;
      const name = IDENTIFIER.exec(code)![0];
      index += name.length;
      const value = NOT_VARIABLES.has(name) || !Object.hasOwn(globals, name) ? undefined : globals[name];
      if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
      tokens.push(value);
    } else if (char === "*") {
      const power = code[index + 1] === "*";
      tokens.push(power ? "**" : "*");
      index += power ? 2 : 1;
    } else if (char === "+" || char === "-") {
      // `++` and `--` are update operators, a syntax error on anything here.
      if (code[index + 1] === char) return undefined;
      tokens.push(char);
      index++;
    } else {
      const operator = SINGLE[char];
      if (!operator) return undefined;
      tokens.push(operator);
      index++;
    }
  }
  return tokens;
}

/** Recursive descent over JavaScript's grammar for these operators; `undefined` once anything is off. */
class Parser {
  private position = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  atEnd(): boolean {
    return this.position === this.tokens.length;
  }

  additive(nesting: number): number | undefined {
    let left = this.multiplicative(nesting);
    for (let next = this.peek(); left !== undefined && (next === "+" || next === "-"); next = this.peek()) {
      this.position++;
      const right = this.multiplicative(nesting);
      if (right === undefined) return undefined;
      left = next === "+" ? left + right : left - right;
    }
    return left;
  }

  private multiplicative(nesting: number): number | undefined {
    let left = this.exponent(nesting);
    for (
      let next = this.peek();
      left !== undefined && (next === "*" || next === "/" || next === "%");
      next = this.peek()
    ) {
      this.position++;
      const right = this.exponent(nesting);
      if (right === undefined) return undefined;
      left = next === "*" ? left * right : next === "/" ? left / right : left % right;
    }
    return left;
  }

  /**
   * `a ** b ** c` is `a ** (b ** c)`. A unary operand cannot be raised (`-2 ** 2` is a syntax error):
   * after one, a `**` is left unread and fails the parse.
   */
  private exponent(nesting: number): number | undefined {
    const next = this.peek();
    if (next === "+" || next === "-") return this.unary(nesting);
    const base = this.primary(nesting);
    if (base === undefined || this.peek() !== "**") return base;
    if (nesting >= MAX_NESTING) return undefined;
    this.position++;
    const exponent = this.exponent(nesting + 1);
    return exponent === undefined ? undefined : power(base, exponent);
  }

  private unary(nesting: number): number | undefined {
    const operator = this.tokens[this.position++];
    const next = this.peek();
    if (nesting >= MAX_NESTING) return undefined;
    const operand = next === "+" || next === "-" ? this.unary(nesting + 1) : this.primary(nesting);
    if (operand === undefined) return undefined;
    return operator === "-" ? -operand : operand;
  }

  private primary(nesting: number): number | undefined {
    const token = this.tokens[this.position];
    if (typeof token === "number") {
      this.position++;
      return token;
    }
    if (token !== "(" || nesting >= MAX_NESTING) return undefined;
    this.position++;
    const value = this.additive(nesting + 1);
    if (value === undefined || this.tokens[this.position] !== ")") return undefined;
    this.position++;
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }
}

/**
 * `**` only where the result is certain: engines compute other powers with different `pow`
 * implementations whose last bits differ (QuickJS's `(-5) ** -4` is 0.0016, V8's 0.0015999999999999999).
 * An integer power that is exactly representable up to 2^53 is the same everywhere.
 */
function power(base: number, exponent: number): number | undefined {
  if (exponent === 0) return 1;
  if (Number.isNaN(base) || Number.isNaN(exponent)) return NaN;
  if (!Number.isInteger(base) || !Number.isInteger(exponent) || exponent < 0) return undefined;
  if (base === 0) return Object.is(base, -0) && exponent % 2 === 1 ? -0 : 0;
  if (base === 1) return 1;
  if (base === -1) return exponent % 2 === 0 ? 1 : -1;
  if (exponent > 53 || Math.abs(base) > Number.MAX_SAFE_INTEGER) return undefined;
  const exact = BigInt(base) ** BigInt(exponent);
  return exact > TWO_53 || exact < -TWO_53 ? undefined : Number(exact);
}
