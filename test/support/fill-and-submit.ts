import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types each value into the field its label names, in order, then presses the named button, as a visitor would. */
export async function fillAndSubmit(fields: Readonly<Record<string, string>>, button: string): Promise<void> {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: button }));
}
