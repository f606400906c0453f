export const contactHero = {
  eyebrow: 'Contact',
  title: "Let's talk about your project",
  lead: 'Tell us a little about your business and what you need. The form opens your email app with your message ready to send, and we reply within one business day.',
  /** With CONTACT_DELIVERY=server the form sends the message itself. */
  serverLead: 'Tell us a little about your business and what you need. Send the form and we reply within one business day.',
};

export const contactCopy = {
  formTitle: 'Send us a message',
  name: 'Name',
  email: 'Email',
  message: 'Message',
  messageHint: 'What does your business do, and what would you like help with?',
  requiredNote: 'All fields are required.',
  send: 'Send Message',
  cancel: 'Cancel',
  /** Product spec, section 8: word for word. */
  success: 'Your message has been prepared — check your email app.',
  directTitle: 'Prefer to reach us directly?',
  hoursTitle: 'Office hours',
  hours: 'Monday to Friday, 9 am to 5 pm Eastern Time. We reply to every message within one business day.',
  phoneLabel: 'Phone',
  emailLabel: 'Email',
  whatsappLabel: 'WhatsApp',
  whatsappText: 'Message us on WhatsApp',
  /** The honeypot's label: people never see it; a robot filling every field gives itself away. */
  honeypot: 'Leave this field empty',
};
