import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTACT_THANK_YOU, contactFailure, type ContactErrors, type ContactValues } from '../../../../shared/contact';
import { visitSource } from '../../visit-source';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { useGetContactFormQuery, useSendContactMessageMutation } from './contact-api';
import { refusalRestored, selectContactReason, selectContactStatus, selectRefusalRestored, sendFailed, sendStarted, sendSucceeded } from './contact-form-slice';

/** What the form shows and does when the server delivers (CONTACT_DELIVERY=server); the form hides the thank-you. */
export interface ServerDelivery {
  startToken: string;
  /** Errors of a post the server refused, next to their fields. */
  errors: ContactErrors;
  /** The refused post's fields, until they are in the draft. */
  refusedValues: ContactValues | null;
  sending: boolean;
  /** The status line: thank-you, failure, or nothing. */
  status: { kind: 'sent' | 'failed'; text: string } | null;
  send(values: ContactValues, honeypot: string): void;
}

const skip = { skip: true } as const;

export function useServerDelivery(enabled: boolean, address: string): ServerDelivery {
  const dispatch = useAppDispatch();
  const form = useGetContactFormQuery(undefined, enabled ? {} : skip);
  const [sendMessage] = useSendContactMessageMutation();
  const status = useAppSelector(selectContactStatus);
  const reason = useAppSelector(selectContactReason);
  const restored = useAppSelector(selectRefusalRestored);
  // A form posted without JavaScript comes back here once its message is kept.
  const [searchParams] = useSearchParams();
  const refused = form.data?.refused;

  useEffect(() => {
    if (enabled && refused && !restored) dispatch(refusalRestored(refused.values));
  }, [dispatch, enabled, refused, restored]);


  const send = (values: ContactValues, honeypot: string) => {
    dispatch(sendStarted());
    sendMessage({ ...visitSource(), ...values, website: honeypot, startToken: form.data?.startToken ?? '' })
      .unwrap()
      .then(() => dispatch(sendSucceeded()))
      .catch((error: unknown) => {
        const data = (error as { status?: unknown; data?: { message?: unknown } }).data;
        const status = (error as { status?: unknown }).status;
        dispatch(sendFailed(status === 400 && typeof data?.message === 'string' ? data.message : undefined));
      });
  };

  const failure = [reason, contactFailure(address)].filter(Boolean).join(' ');
  const sentByPost = searchParams.get('sent') === '1' && status === 'idle';
  return {
    startToken: form.data?.startToken ?? '',
    // They stay beside their fields until the visitor sends again.
    errors: refused && status === 'idle' ? refused.errors : {},
    refusedValues: restored || !refused ? null : refused.values,
    sending: status === 'sending',
    status:
      status === 'sent' || sentByPost ? { kind: 'sent', text: CONTACT_THANK_YOU } : status === 'failed' ? { kind: 'failed', text: failure } : null,
    send,
  };
}
