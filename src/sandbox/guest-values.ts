import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";

// Variables hold texts, lists and type-guessed scalars; deeper structures only come from bot code.
export const MAX_DEPTH = 32;

/** A value bot code hands out is larger than the sandbox lets out (SandboxLimits.maxValueBytes). */
export class ValueTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The value is larger than ${formatBytes(maxBytes)}`);
    this.name = "ValueTooLargeError";
  }
}

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;

/**
 * Copies values across the sandbox boundary. Only data crosses: functions, symbols and class
 * instances arrive as `undefined`, so no host object is ever reachable from bot code, and guest
 * objects come out as JSON.
 */
export class GuestValues {
  // Taken before bot code runs, so that code replacing JSON.stringify cannot change how its values are read.
  private readonly stringify: QuickJSHandle;

  constructor(private readonly vm: QuickJSContext) {
    const json = vm.getProp(vm.global, "JSON");
    this.stringify = vm.getProp(json, "stringify");
    json.dispose();
  }

  dispose(): void {
    if (this.stringify.alive) this.stringify.dispose();
  }

  toGuest(value: unknown, depth = 0): QuickJSHandle {
    const { vm } = this;
    if (value === undefined || depth > MAX_DEPTH) return vm.undefined;
    if (value === null) return vm.null;
    if (typeof value === "boolean") return value ? vm.true : vm.false;
    if (typeof value === "number") return vm.newNumber(value);
    if (typeof value === "string") return vm.newString(value);
    if (typeof value === "bigint") return vm.newBigInt(value);
    if (value instanceof Date) return vm.newString(value.toISOString());
    if (Array.isArray(value)) {
      const array = vm.newArray();
      value.forEach((item, index) => {
        const handle = this.toGuest(item, depth + 1);
        vm.setProp(array, index, handle);
        handle.dispose();
      });
      return array;
    }
    if (typeof value === "object" && isPlainObject(value)) {
      const object = vm.newObject();
      for (const [key, item] of Object.entries(value)) this.define(object, key, this.toGuest(item, depth + 1));
      return object;
    }
    return vm.undefined;
  }

  /** An own data property (never a setter call: a `__proto__` key stays a key). Takes `handle`. */
  define(target: QuickJSHandle, key: string, handle: QuickJSHandle): void {
    this.vm.defineProp(target, key, { value: handle, configurable: true, enumerable: true });
    handle.dispose();
  }

  /**
   * A guest value as host data; the handle stays the caller's. A string (an object's JSON) longer
   * than `maxBytes` in UTF-8 throws ValueTooLargeError, measured in the guest before it is copied out.
   */
  fromGuest(handle: QuickJSHandle, maxBytes = Number.POSITIVE_INFINITY): unknown {
    const { vm } = this;
    switch (vm.typeof(handle)) {
      case "string":
        return this.stringOut(handle, maxBytes);
      case "number":
        return vm.getNumber(handle);
      case "bigint":
        return vm.getBigInt(handle);
      case "boolean":
        return vm.dump(handle);
      case "object": {
        const result = vm.callFunction(this.stringify, vm.undefined, handle);
        if (result.error) {
          result.error.dispose();
          return undefined;
        }
        try {
          const json = vm.typeof(result.value) === "string" ? this.stringOut(result.value, maxBytes) : undefined;
          return json === undefined ? undefined : JSON.parse(json);
        } finally {
          result.value.dispose();
        }
      }
      default:
        return undefined;
    }
  }

  private stringOut(handle: QuickJSHandle, maxBytes: number): string {
    if (Number.isFinite(maxBytes)) {
      // A UTF-8 character takes at least one byte: the guest's length alone may already say "too large".
      const lengthHandle = this.vm.getProp(handle, "length");
      const length = this.vm.getNumber(lengthHandle);
      lengthHandle.dispose();
      if (length > maxBytes) throw new ValueTooLargeError(maxBytes);
    }
    const text = this.vm.getString(handle);
    if (text.length * 3 > maxBytes && utf8Length(text) > maxBytes) throw new ValueTooLargeError(maxBytes);
    return text;
  }

  /** How a thrown guest value reads in a log: `Name: message` for errors, the value itself otherwise. */
  describeError(handle: QuickJSHandle, maxBytes = Number.POSITIVE_INFINITY): { name?: string; message: string } {
    const { vm } = this;
    try {
      if (vm.typeof(handle) === "object") {
        const name = this.property(handle, "name", maxBytes);
        const message = this.property(handle, "message", maxBytes);
        if (typeof message === "string") return { name: typeof name === "string" ? name : undefined, message };
      }
      const value = this.fromGuest(handle, maxBytes);
      return { message: typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)) };
    } catch (error) {
      if (error instanceof ValueTooLargeError)
        return { message: `The error thrown is larger than ${formatBytes(maxBytes)}` };
      throw error;
    }
  }

  private property(handle: QuickJSHandle, key: string, maxBytes: number): unknown {
    const value = this.vm.getProp(handle, key);
    try {
      return this.fromGuest(value, maxBytes);
    } finally {
      value.dispose();
    }
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
