/** The gates of `check`, in the order they run; `--skip` takes these names. */
export const CHECK_GATES = ['links', 'html', 'seo', 'spelling', 'budgets', 'accessibility'] as const;

export type GateName = (typeof CHECK_GATES)[number];
