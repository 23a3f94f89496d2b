// Types of lane-plan.js, for the test that holds the lanes to tests/README.md.
/** One step of a lane: its name, what it runs (as the lane prints it), the command and its arguments. */
export type LaneStep = [name: string, what: string, command: string, args: string[]];
/** The steps of `lane` for the project at `root`, in order; `vitestArgs` go to the test step. */
export function laneSteps(root: string, lane: 'full' | 'quick', vitestArgs?: readonly string[]): LaneStep[];
/** The environment of every step: `env`, the project's tools first on the PATH, and NO_COLOR off a terminal. */
export function laneEnvironment(root: string, env: NodeJS.ProcessEnv, isTerminal: boolean): NodeJS.ProcessEnv;
