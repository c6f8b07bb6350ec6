import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";

// Variables hold texts, lists and type-guessed scalars; deeper structures only come from bot code.
export const MAX_DEPTH = 32;

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

  /** A guest value as host data; the handle stays the caller's. */
  fromGuest(handle: QuickJSHandle): unknown {
    const { vm } = this;
    switch (vm.typeof(handle)) {
      case "string":
        return vm.getString(handle);
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
        const json = vm.typeof(result.value) === "string" ? vm.getString(result.value) : undefined;
        result.value.dispose();
        return json === undefined ? undefined : JSON.parse(json);
      }
      default:
        return undefined;
    }
  }

  /** How a thrown guest value reads in a log: `Name: message` for errors, the value itself otherwise. */
  describeError(handle: QuickJSHandle): { name?: string; message: string } {
    const { vm } = this;
    if (vm.typeof(handle) === "object") {
      const name = this.property(handle, "name");
      const message = this.property(handle, "message");
      if (typeof message === "string") return { name: typeof name === "string" ? name : undefined, message };
    }
    const value = this.fromGuest(handle);
    return { message: typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)) };
  }

  private property(handle: QuickJSHandle, key: string): unknown {
    const value = this.vm.getProp(handle, key);
    try {
      return this.fromGuest(value);
    } finally {
      value.dispose();
    }
  }
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
