import { inquirySubject } from '../../../shared/contact';

/** Reply: the owner's mail app, addressed to the visitor, subject 'Re: New Inquiry from {name}'. */
export function replyLink(message: { name: string; email: string }): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${inquirySubject(message.name)}`)}`;
}
