import { Link, useNavigate, useSearchParams } from 'react-router-dom'

import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { AuthCard, CardLead, Notice } from '@/features/auth/components/auth-card'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

/** /reset-password?token=…: the page the password-reset e-mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const navigate = useNavigate()

  return (
    <Container>
      <AuthCard>
        <h1>Choose a new password</h1>
        {token ? (
          <>
            <CardLead>Enter a new password for your account. You will then sign in with it.</CardLead>
            <ResetPasswordForm
              token={token}
              onDone={() => {
                navigate(paths.auth.getHref(), { replace: true })
                window.scrollTo(0, 0)
              }}
            />
          </>
        ) : (
          <Notice $tone="error" role="alert">
            <p>This password reset link is incomplete. Please open the link from the email again, or request a new one.</p>
            <p>
              <Link to={paths.auth.getHref()}>Go to sign in</Link> and choose "Forgot password?".
            </p>
          </Notice>
        )}
      </AuthCard>
    </Container>
  )
}
