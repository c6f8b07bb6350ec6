import { describe, expect, it } from "vitest";
import {
  deepSubstitute,
  findUniqueVariable,
  splitTemplate,
  substituteVariables,
} from "../../../src/engine/variables/substitute.js";
import type { VariableLike } from "../../../src/engine/variables/types.js";

const variables: VariableLike[] = [
  { id: "v_name", name: "Name", value: "John" },
  { id: "v_list", name: "Fruits", value: ["apple", "pear", null] },
  { id: "v_empty", name: "Empty", value: null },
  { id: "v_unset", name: "Unset" },
  { id: "v_quote", name: "Quote", value: 'He said "hi"\n<b>&</b>' },
  { id: "v_age", name: "Age", value: "42" },
  { id: "v_blank", name: "Blank", value: "" },
];

describe("substituteVariables (text mode)", () => {
  it("replaces a variable by exact name", () => {
    expect(substituteVariables("Hello {{Name}}!", variables)).toBe("Hello John!");
  });

  it("matches names case-sensitively", () => {
    expect(substituteVariables("Hello {{name}}!", variables)).toBe("Hello !");
  });

  it("replaces unknown, null, unset and empty variables by an empty string", () => {
    expect(substituteVariables("[{{Nope}}|{{Empty}}|{{Unset}}|{{Blank}}]", variables)).toBe("[|||]");
  });

  it("writes lists as JSON text", () => {
    expect(substituteVariables("{{Fruits}}", variables)).toBe('["apple","pear",null]');
  });

  it("keeps a dollar sign before a variable, for JS template literals", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the dollar signs are the case under test.
    expect(substituteVariables("`${{{Name}}}` costs ${{Age}}", variables)).toBe("`${John}` costs $42");
  });

  it("leaves text without tokens untouched, including lone braces", () => {
    expect(substituteVariables("a { b } {{ c", variables)).toBe("a { b } {{ c");
    expect(substituteVariables("", variables)).toBe("");
  });

  it("allows spaces and symbols in names", () => {
    const spaced: VariableLike[] = [{ id: "x", name: "First name (2)", value: "Ann" }];
    expect(substituteVariables("{{First name (2)}}", spaced)).toBe("Ann");
  });

  it("uses the first same-named variable that has a value", () => {
    const twins: VariableLike[] = [
      { id: "a", name: "Twin", value: null },
      { id: "b", name: "Twin", value: "second" },
    ];
    expect(substituteVariables("{{Twin}}", twins)).toBe("second");
  });

  it("does not substitute inside a substituted value", () => {
    const nested: VariableLike[] = [
      { id: "a", name: "A", value: "{{B}}" },
      { id: "b", name: "B", value: "boom" },
    ];
    expect(substituteVariables("{{A}}", nested)).toBe("{{B}}");
  });
});

describe("substituteVariables (json mode)", () => {
  it("escapes a text value without adding quotes", () => {
    expect(substituteVariables('{"q": "{{Quote}}"}', variables, { mode: "json" })).toBe(
      '{"q": "He said \\"hi\\"\\n<b>&</b>"}',
    );
  });

  it("writes lists as JSON and missing values as nothing", () => {
    expect(substituteVariables('{"l": {{Fruits}}, "m": "{{Empty}}"}', variables, { mode: "json" })).toBe(
      '{"l": ["apple","pear",null], "m": ""}',
    );
  });
});

describe("substituteVariables (html mode)", () => {
  it("escapes angle brackets, ampersands and double quotes", () => {
    expect(substituteVariables("<p>{{Quote}}</p>", variables, { mode: "html" })).toBe(
      "<p>He said &quot;hi&quot;\n&lt;b&gt;&amp;&lt;/b&gt;</p>",
    );
  });

  it("escapes list JSON too", () => {
    expect(substituteVariables("{{Fruits}}", variables, { mode: "html" })).toBe(
      "[&quot;apple&quot;,&quot;pear&quot;,null]",
    );
  });
});

describe("substituteVariables (code mode)", () => {
  it("replaces variables by their ids, whatever their value", () => {
    expect(substituteVariables("return {{Age}} + {{Empty}}", variables, { mode: "code" })).toBe(
      "return v_age + v_empty",
    );
  });

  it("replaces unknown variables by nothing", () => {
    expect(substituteVariables("return {{Nope}}", variables, { mode: "code" })).toBe("return ");
  });
});

describe("substituteVariables (inline expressions)", () => {
  it("hands the expression, in code mode, to evaluateInline and pastes the result", () => {
    const seen: string[] = [];
    const result = substituteVariables("Next year: {{= {{Age}} + 1 =}}.", variables, {
      evaluateInline: (code) => {
        seen.push(code);
        return "43";
      },
    });
    expect(seen).toEqual([" v_age + 1 "]);
    expect(result).toBe("Next year: 43.");
  });

  it("falls back to plain substitution of the inner text when no evaluator is given", () => {
    expect(substituteVariables("x{{= {{Age}} + 1 =}}y", variables)).toBe("x 42 + 1 y");
  });

  it("falls back when the evaluator returns undefined", () => {
    expect(substituteVariables("{{={{Name}}.foo(=}}", variables, { evaluateInline: () => undefined })).toBe(
      "John.foo(",
    );
  });

  it("escapes an evaluated result in json and html modes", () => {
    const evaluateInline = () => '"<x>"';
    expect(substituteVariables("{{= 1 =}}", variables, { mode: "json", evaluateInline })).toBe('\\"<x>\\"');
    expect(substituteVariables("{{= 1 =}}", variables, { mode: "html", evaluateInline })).toBe("&quot;&lt;x&gt;&quot;");
  });

  it("does not re-read the evaluated result as a template", () => {
    expect(substituteVariables("{{= 1 =}}", variables, { evaluateInline: () => "{{Name}}" })).toBe("{{Name}}");
  });

  it("does not run an expression spanning several lines (it reads as an unknown variable)", () => {
    const calls: string[] = [];
    const evaluateInline = (code: string) => {
      calls.push(code);
      return "X";
    };
    expect(substituteVariables("a{{= 1\n=}}b", variables, { evaluateInline })).toBe("ab");
    expect(calls).toEqual([]);
  });
});

describe("splitTemplate", () => {
  it("separates author text from substituted values and names the variable used", () => {
    expect(splitTemplate("Hi {{Name}}, {{Nope}}!", variables)).toEqual([
      { kind: "literal", text: "Hi " },
      { kind: "value", token: "{{Name}}", text: "John", variableId: "v_name" },
      { kind: "literal", text: ", " },
      { kind: "value", token: "{{Nope}}", text: "" },
      { kind: "literal", text: "!" },
    ]);
  });
});

describe("findUniqueVariable", () => {
  it("returns the variable when the whole text is one token", () => {
    expect(findUniqueVariable("{{Fruits}}", variables)?.id).toBe("v_list");
    expect(findUniqueVariable("{{Empty}}", variables)?.id).toBe("v_empty");
  });

  it("returns undefined for anything else", () => {
    expect(findUniqueVariable(" {{Name}}", variables)).toBeUndefined();
    expect(findUniqueVariable("{{Name}} and {{Age}}", variables)).toBeUndefined();
    expect(findUniqueVariable("{{Nope}}", variables)).toBeUndefined();
    expect(findUniqueVariable("", variables)).toBeUndefined();
    expect(findUniqueVariable(undefined, variables)).toBeUndefined();
  });
});

describe("deepSubstitute", () => {
  const deepFreeze = <T>(value: T): T => {
    if (value && typeof value === "object") {
      for (const item of Object.values(value)) deepFreeze(item);
      Object.freeze(value);
    }
    return value;
  };

  it("substitutes every string in nested objects and arrays without touching a frozen input", () => {
    const input = deepFreeze({
      title: "Hi {{Name}}",
      count: 3,
      enabled: true,
      nothing: null,
      items: [{ content: "{{Age}} years" }, "{{Name}}", 7],
      nested: { deeper: { text: "{{Fruits}}" } },
    });
    const output = deepSubstitute(input, variables);
    expect(output).toEqual({
      title: "Hi John",
      count: 3,
      enabled: true,
      nothing: null,
      items: [{ content: "42 years" }, "John", 7],
      nested: { deeper: { text: '["apple","pear",null]' } },
    });
    expect(output).not.toBe(input);
    expect(output.nested).not.toBe(input.nested);
    expect(input.title).toBe("Hi {{Name}}");
  });

  it("passes the mode down", () => {
    expect(deepSubstitute({ body: '"{{Quote}}"' }, variables, { mode: "json" })).toEqual({
      body: '"He said \\"hi\\"\\n<b>&</b>"',
    });
  });

  it("keeps non-plain objects and primitives as they are", () => {
    const date = new Date(0);
    expect(deepSubstitute({ date }, variables).date).toBe(date);
    expect(deepSubstitute(5, variables)).toBe(5);
    expect(deepSubstitute(undefined, variables)).toBeUndefined();
  });

  it("keeps a __proto__ key as plain data", () => {
    const input = JSON.parse('{"__proto__": {"polluted": "{{Name}}"}}') as Record<string, unknown>;
    const output = deepSubstitute(input, variables);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, "__proto__")?.value).toEqual({ polluted: "John" });
  });
});
