// A run's settings from flags and cairn.yaml: the stage list, the token budget and the
// model. Explicit flags win over the file, the file over the defaults (every stage, a 16k
// window with 4k reserved), so `cairn retrieve "task"` needs no flags.
// Every check fails fast with a message that says how to fix it. The YAML parser and the
// schema library (~120 ms of start-up together) are loaded only when a budget file or a
// model flag needs them: a plain `cairn retrieve` never pays for them.

import { describeZodIssues } from '../../config/load.js';
import type { Config, LlmConfig } from '../../config/schema.js';
import { readOptionText } from '../../config/option-file.js';
import { nonPlainValue } from '../../config/plain-data.js';
import { ConfigError, UsageError } from '../../core/errors.js';
import type { TokenBudget } from '../budget/limits.js';
import { STAGE_NAMES, stagesByName } from '../stages/registry.js';

export interface BudgetFlags {
  /** A cap on the package alone (MCP's and HTTP's `max_tokens`): a window of that size with nothing reserved. */
  maxTokens?: number | undefined;
  contextWindow?: number | undefined;
  reservedTokens?: number | undefined;
  budgetConfig?: string | undefined;
}

export interface ModelFlags {
  model?: string | undefined;
  baseUrl?: string | undefined;
  provider?: string | undefined;
}

/** Without flags or cairn.yaml: a window most coding models' prompts can spare, a quarter kept back. */
export const DEFAULT_BUDGET: TokenBudget = { contextWindow: 16_000, reservedTokens: 4_000 };

/** `--stages a,b` (already split), `retrieval.stages`, or every stage; validated against the known stages. */
export function resolveStages(flag: readonly string[] | undefined, config: Readonly<Config>): string[] {
  const names = flag ?? config.retrieval.stages ?? STAGE_NAMES;
  stagesByName(names);
  return [...names];
}

export async function resolveBudget(flags: BudgetFlags, config: Readonly<Config>): Promise<TokenBudget> {
  const pair = flags.contextWindow !== undefined || flags.reservedTokens !== undefined;
  if (flags.budgetConfig !== undefined && pair) {
    throw new UsageError('--budget-config cannot be combined with --context-window / --reserved-tokens', {
      hint: 'give the budget one way: the file, or the pair of flags',
    });
  }
  if (flags.maxTokens !== undefined) {
    if (flags.budgetConfig !== undefined || pair) {
      throw new UsageError('--max-tokens cannot be combined with --context-window / --reserved-tokens or --budget-config', {
        hint: 'give the budget one way: --max-tokens N caps the package; the pair or the file describe a model window',
      });
    }
    return checkPair(flags.maxTokens, 0, '--max-tokens');
  }
  if (flags.budgetConfig !== undefined) return readBudgetFile(flags.budgetConfig);
  if (pair) return checkPair(flags.contextWindow, flags.reservedTokens);
  const configured = config.retrieval.budget;
  if (configured) return { contextWindow: configured.context_window, reservedTokens: configured.reserved_tokens };
  return { ...DEFAULT_BUDGET };
}

function checkPair(contextWindow: number | undefined, reservedTokens: number | undefined, windowFlag = '--context-window'): TokenBudget {
  if (contextWindow === undefined || reservedTokens === undefined) {
    const missing = contextWindow === undefined ? '--context-window' : '--reserved-tokens';
    throw new UsageError(`${missing} is missing: --context-window and --reserved-tokens go together`, {
      hint: 'pass both, e.g. --context-window 32000 --reserved-tokens 4000',
    });
  }
  if (!Number.isSafeInteger(contextWindow) || contextWindow <= 0) {
    throw new UsageError(`${windowFlag} must be a whole number > 0, got ${contextWindow}`, { hint: 'pass the number of tokens' });
  }
  if (!Number.isSafeInteger(reservedTokens) || reservedTokens < 0 || reservedTokens >= contextWindow) {
    throw new UsageError(`--reserved-tokens must be a whole number with 0 ≤ reserved < context window (${contextWindow}), got ${reservedTokens}`, {
      hint: 'reserve room for the prompt and the answer, but less than the whole window',
    });
  }
  return { contextWindow, reservedTokens };
}

/** A budget file is two numbers; anything this large is not one. */
const MAX_BUDGET_FILE_BYTES = 64 * 1024;

/** A YAML or JSON file with `context_window` and `reserved_tokens`. */
export async function readBudgetFile(path: string): Promise<TokenBudget> {
  const text = readOptionText({ what: 'budget config', path, maxBytes: MAX_BUDGET_FILE_BYTES, hint: 'pass the path of an existing YAML or JSON file' });
  const [{ parse: parseYaml }, { budgetConfigSchema }] = await Promise.all([import('yaml'), import('../../config/schema.js')]);
  let raw: unknown;
  try {
    raw = parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    throw new ConfigError(`budget config ${path} is not valid YAML or JSON`, { hint: 'fix its syntax', cause: error });
  }
  const wrongType = nonPlainValue(raw);
  if (wrongType !== null) throw new ConfigError(`budget config ${path} is invalid: ${wrongType}`, { hint: 'it needs context_window and reserved_tokens, both numbers' });
  const parsed = budgetConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`budget config ${path} is invalid: ${describeZodIssues(parsed.error)}`, {
      hint: 'it needs context_window (> 0) and reserved_tokens (0 ≤ reserved_tokens < context_window)',
      cause: parsed.error,
    });
  }
  return { contextWindow: parsed.data.context_window, reservedTokens: parsed.data.reserved_tokens };
}

/**
 * The model for judgement: `--model` with `--base-url` (and `--provider`), the rest of the
 * settings (timeout, retries, onError…) from `llm:` in cairn.yaml or their defaults; else
 * `llm:` as configured; else none (deterministic judgement).
 */
export async function resolveModel(flags: ModelFlags, config: Readonly<Config>): Promise<LlmConfig | null> {
  if (flags.model === undefined && flags.baseUrl === undefined) {
    if (flags.provider !== undefined) throw new UsageError('--provider needs --model and --base-url', { hint: 'name the model and its server too' });
    return config.llm ?? null;
  }
  if (flags.model === undefined) throw new UsageError('--base-url needs --model', { hint: 'name the model to use, e.g. --model qwen2.5-coder:7b' });
  if (flags.baseUrl === undefined) {
    throw new UsageError('--model needs --base-url', { hint: 'give the server, e.g. --base-url http://127.0.0.1:11434 --provider ollama' });
  }
  const { llmConfigSchema } = await import('../../config/schema.js');
  const parsed = llmConfigSchema.safeParse({
    ...config.llm,
    model: flags.model,
    baseUrl: flags.baseUrl,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
  });
  if (!parsed.success) {
    throw new UsageError(`invalid model settings: ${describeZodIssues(parsed.error)}`, {
      hint: '--base-url must be a URL such as http://127.0.0.1:11434; --provider is ollama or openai',
      cause: parsed.error,
    });
  }
  return parsed.data;
}
