// The on-screen view of every kind, by type: the React half of the core's kind registry. The
// mapped type makes the compiler name a kind that has no view; KIND_VIEWS is generated from
// KIND_NAMES (core/kinds/names.ts), each kind's view `<Name>View` in `react/kinds/<name>.tsx`.
export { KIND_VIEWS } from './views.generated';
