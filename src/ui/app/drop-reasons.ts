// Why a message never arrived, in words a learner reads. The simulation's kernel names the reason
// with a short code (protocol/view.ts TraceRecord.dropped); the code stays in the trace and in
// data attributes for tests and experts, the words are what the timeline and the sequence diagram show.

import type { TraceRecord } from '../../protocol/view';
import type { Lang } from './strings';

export type DropReason = NonNullable<TraceRecord['dropped']>;

const WORDS: Record<Lang, Record<DropReason, string>> = {
  en: {
    'host-down': 'the machine is off',
    partition: 'network partition',
    loss: 'lost on the link',
    'no-such-process': 'nothing listens there',
    'process-dead': 'the receiver crashed',
    'stale-incarnation': 'sent to a process that has since restarted',
    'stream-broken': 'its connection broke: an earlier message on it was lost',
  },
  ru: {
    'host-down': 'машина выключена',
    partition: 'сеть разделена',
    loss: 'потеряно в сети',
    'no-such-process': 'там никто не слушает',
    'process-dead': 'получатель упал',
    'stale-incarnation': 'адресовано процессу, который с тех пор перезапущен',
    'stream-broken': 'соединение оборвалось: предыдущее сообщение в нём потеряно',
  },
};

/** The learner's words for a drop code; an unknown code (a newer worker) is shown as it is. */
export function dropReasonText(reason: string, lang: Lang): string {
  return (WORDS[lang] as Record<string, string>)[reason] ?? reason;
}

/** Every code the kernel uses, for tests that walk the UI's strings. */
export const DROP_REASONS = Object.keys(WORDS.en) as DropReason[];
