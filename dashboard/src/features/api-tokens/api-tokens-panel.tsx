import {
  API_ACCESS_PLAN,
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKENS_PER_USER_MAX,
  FeatureUpgradeRequiredSchema,
  MESSAGES,
  errorMessage,
  type ApiToken,
  type CreatedApiToken,
} from '@chapterwise/shared';
import { type UseQueryResult } from '@tanstack/react-query';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/field.js';
import { QueryList } from '../../components/ui/query-list.js';
import { isUnauthorized } from '../../lib/errors.js';
import { ApiReferenceLink, PremiumFeaturePanel, usePremiumQuery } from '../settings/premium-feature-panel.js';
import { NewTokenNotice } from './new-token-notice.js';
import { apiTokenQueries, useCreateApiTokenMutation } from './queries.js';
import { RevokeTokenDialog } from './revoke-token-dialog.js';
import { once } from '../../lib/once.js';

/** Settings panel: create, list and revoke personal API tokens (Premium), or an upgrade prompt. */
export function ApiTokensPanel() {
  const { query: tokens, locked } = usePremiumQuery(apiTokenQueries.list(), {
    plan: API_ACCESS_PLAN,
    upgradeSchema: FeatureUpgradeRequiredSchema,
  });
  return (
    <PremiumFeaturePanel
      id="api-tokens-heading"
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      title="Personal API tokens"
      description={
        <>
          Use the ChapterWise API from your own scripts and apps. Send a token as{' '}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] whitespace-nowrap text-slate-800">
            Authorization: Bearer cw_…
          </code>
          . <ApiReferenceLink />
        </>
      }
      locked={locked}
      upgrade={{
        title: 'API access is a Premium feature',
        text: 'Upgrade to Premium to create API tokens, upload books in batches and connect ChapterWise to your own tools. Tokens you created on Premium before work again as soon as you upgrade.',
        action: 'Upgrade to Premium',
      }}
    >
      <TokenManager tokens={tokens} />
    </PremiumFeaturePanel>
  );
}

function TokenManager({ tokens }: { tokens: UseQueryResult<ApiToken[]> }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const count = tokens.data?.length ?? 0;

  return (
    <>
      {created && <NewTokenNotice token={created} onDone={() => setCreated(null)} />}
      <CreateTokenForm onCreated={setCreated} full={count >= API_TOKENS_PER_USER_MAX} />

      <QueryList
        query={tokens}
        title="Your tokens"
        max={API_TOKENS_PER_USER_MAX}
        loadingLabel="Loading your API tokens"
        errorMessage={MESSAGES.loadApiTokensFailed}
        emptyTitle="No API tokens yet"
        emptyHint="Create one above to call the API from a script."
        listLabel="API tokens"
      >
        {(token) => <TokenRow key={token.id} token={token} onRevoke={setToRevoke} />}
      </QueryList>
      <RevokeTokenDialog token={toRevoke} onClose={() => setToRevoke(null)} />
    </>
  );
}

function CreateTokenForm({ onCreated, full }: { onCreated: (token: CreatedApiToken) => void; full: boolean }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiTokenMutation({
    onCreated: (token) => {
      setName('');
      onCreated(token);
      toast.success(MESSAGES.apiTokenCreated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Token name is required');
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onError: (failure) => {
        if (!isUnauthorized(failure)) setError(errorMessage(failure, MESSAGES.createApiTokenFailed));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <TextField
          label="Token name"
          hint={
            full
              ? `You have ${API_TOKENS_PER_USER_MAX} tokens, the most allowed. Revoke one to create another.`
              : 'What will use it, e.g. “Reading list script”.'
          }
          error={error}
          value={name}
          maxLength={API_TOKEN_NAME_MAX_LENGTH}
          autoComplete="off"
          placeholder="Reading list script"
          disabled={full}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(null);
          }}
        />
      </div>
      <Button
        type="submit"
        className="h-11 sm:mt-7"
        busy={create.isPending}
        disabled={full}
        icon={<Plus className="size-4" aria-hidden="true" />}
      >
        Create token
      </Button>
    </form>
  );
}

const dateFormat = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));
const dateTimeFormat = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }));

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{token.name}</p>
        <p className="mt-0.5 font-mono text-[13px] text-slate-500">
          <span className="sr-only">Prefix: </span>
          {`${token.prefix}…`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex sm:gap-6">
        <div>
          <dt className="text-xs font-medium text-slate-500">Created</dt>
          <dd className="text-slate-700">
            <time dateTime={token.created_at}>{dateFormat().format(new Date(token.created_at))}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Last used</dt>
          <dd className="text-slate-700">
            {token.last_used_at ? (
              <time dateTime={token.last_used_at}>{dateTimeFormat().format(new Date(token.last_used_at))}</time>
            ) : (
              'Never'
            )}
          </dd>
        </div>
      </dl>
      <Button
        variant="danger"
        size="sm"
        className="self-start sm:self-center"
        onClick={() => onRevoke(token)}
        aria-label={`Revoke ${token.name}`}
        icon={<Trash2 className="size-4" aria-hidden="true" />}
      >
        Revoke
      </Button>
    </li>
  );
}
