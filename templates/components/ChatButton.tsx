import type { Settings } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { chatHref } from '../links.ts';
import { Island } from './Island.tsx';

/** The floating chat button (docs/behaviour.md#booking-chat-and-contact): a plain link to the chat without JavaScript, a chat panel with it. */
export function ChatButton({ settings }: { settings: Settings }) {
  const { t } = useLanguage();
  const props = {
    number: settings.contact.whatsapp,
    accountName: settings.chat.accountName,
    status: t('chat.status'),
    greeting: t('chat.greeting'),
    placeholder: t('chat.placeholder'),
    message: t('chat.message'),
    send: t('chat.send'),
    close: t('chat.close'),
  };
  return (
    <aside className="chat" aria-label={t('chat.label')}>
      <Island name="chat-button" load="idle" props={props}>
        <a
          className="chat-fab"
          href={chatHref(props.number, props.message)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('chat.label')}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Z"
            />
          </svg>
        </a>
      </Island>
    </aside>
  );
}
