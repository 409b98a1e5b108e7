// structuredClone exists both in Web Workers and in Node (>= 17), the two places the simulation runs,
// but the ES library typings (the only ones src/sim sees) do not declare it.
declare function structuredClone<T>(value: T): T;
