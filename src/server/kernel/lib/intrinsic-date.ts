/**
 * The language's own `Date` constructor, as it was before Next's server replaced the global `Date` with
 * its extension (next/dist/server/node-environment-extensions/date.js: a function that constructs every
 * date through `Reflect.construct` to notice reads of the clock while prerendering). A date built from a
 * time value reads no clock, and building it through the extension costs ~7× as much (0.41 µs against
 * 0.06) and gives an object whose fields V8 reads ~8× slower
 * (docs/decisions/097-dates-off-nexts-date-extension.md). The instances are the same kind of object
 * either way: same prototype, `instanceof Date`, same `constructor`.
 *
 * Captured once per process, by the first module that imports this one: scripts/serve.ts imports it
 * before Next's environment is set up, and refuses to start when what it captured is not the language's
 * own (`isLanguageDate`); the bundles loaded later (the front handlers, Next's server chunks) find it on
 * `globalThis`. Where nothing imported it first (the tests, the workers), it is whatever `Date` is.
 */
const KEY = Symbol.for("agency-chatbot-platform.intrinsic-date");
const holder = globalThis as typeof globalThis & { [KEY]?: DateConstructor };

export const IntrinsicDate: DateConstructor = (holder[KEY] ??= Date);

/**
 * Whether a Date constructor is the language's own (its source is native code), not a function standing in
 * for it as Next's extension does.
 */
export function isLanguageDate(constructor: DateConstructor): boolean {
  return /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(constructor));
}
