/**
 * A server's 400 message as errors per field: "body.phone: Please enter a valid phone number.;
 * body.email: …" gives { phone: 'Please enter a valid phone number.', email: '…' }. Problems not
 * about a body field are left out (the caller shows the whole message then).
 */
export function serverFieldErrors(message: string): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const problem of message.split('; ')) {
    const match = /^body\.(\w+): (.+)$/s.exec(problem.trim())
    if (match && !(match[1]! in errors)) errors[match[1]!] = match[2]!
  }
  return errors
}
