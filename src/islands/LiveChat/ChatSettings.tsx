/**
 * The room's settings, for moderators: chat on or off, and who may chat (everyone signed in,
 * or the owner's team only). A form that posts to the panel page (intent=settings) with a
 * Save button without JavaScript; hydrated, each choice applies at once.
 */
import type { SubmitEvent } from 'react';
import type { ChatAudience, ChatStatusJson } from '../../lib/chatWire.ts';
import type { ChatStatusChange } from './chatApi.ts';
import type { LiveChatStrings } from './chatStrings.ts';

interface ChatSettingsProps {
  status: ChatStatusJson;
  action: string;
  token: string;
  /** False until hydrated: the Save button is for the form posted without JavaScript. */
  hydrated: boolean;
  /** What went wrong with the last change, if it did. */
  error: string | null;
  onChange(change: ChatStatusChange): void;
  strings: LiveChatStrings;
}

export default function ChatSettings({
  status,
  action,
  token,
  hydrated,
  error,
  onChange,
  strings,
}: ChatSettingsProps) {
  const radio = 'flex cursor-pointer items-center gap-1.5';

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  return (
    <details className="text-sm" data-testid="chat-settings">
      <summary className="focus-ring cursor-pointer rounded-sm font-semibold">
        {strings.settings}
      </summary>
      <form
        method="post"
        action={action}
        onSubmit={submit}
        className="m-0 mt-2 flex flex-col gap-2"
      >
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="token" value={token} />
        <fieldset className="m-0 flex flex-wrap gap-x-4 gap-y-1 border-0 p-0">
          <legend className="mb-1 p-0 font-semibold">{strings.settingChat}</legend>
          {(
            [
              [true, strings.settingOn],
              [false, strings.settingOff],
            ] as const
          ).map(([enabled, label]) => (
            <label key={String(enabled)} className={radio}>
              <input
                type="radio"
                name="chat_enabled"
                value={enabled ? 'on' : 'off'}
                checked={status.chatEnabled === enabled}
                onChange={() => onChange({ chatEnabled: enabled })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset className="m-0 flex flex-wrap gap-x-4 gap-y-1 border-0 p-0">
          <legend className="mb-1 p-0 font-semibold">{strings.settingAudience}</legend>
          {(
            [
              ['everyone', strings.audienceEveryone],
              ['members', strings.audienceMembers],
            ] as const satisfies ReadonlyArray<readonly [ChatAudience, string]>
          ).map(([audience, label]) => (
            <label key={audience} className={radio}>
              <input
                type="radio"
                name="audience"
                value={audience}
                checked={status.audience === audience}
                onChange={() => onChange({ audience })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {!hydrated && (
          <button type="submit" className="btn self-start px-3 py-1 text-sm">
            {strings.saveSettings}
          </button>
        )}
        <p role="status" className="m-0 min-h-5 text-sm">
          {error}
        </p>
      </form>
    </details>
  );
}
