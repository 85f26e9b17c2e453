/**
 * A route's hooks of one kind, as `onRoute` finds them (none, one, or a list), with `hook` added
 * last. Hooks given to a route this way know their route when they are made, so they need not
 * read `request.routeOptions`, which builds a fresh object on every read.
 */
export const withRouteHook = <H>(hooks: H | H[] | undefined, hook: NoInfer<H>): H[] => [
  ...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]),
  hook,
];
