import { Link, useNavigate, useSearchParams } from 'react-router-dom'

import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { AuthCard, CardLead, Notice } from '@/features/auth/components/auth-card'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { t } from '@/i18n/account'

/** /reset-password?token=…: the page the password-reset e-mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const navigate = useNavigate()

  return (
    <Container>
      <AuthCard>
        <h1>{t('reset.title')}</h1>
        {token ? (
          <>
            <CardLead>{t('reset.lead')}</CardLead>
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
            <p>{t('reset.incomplete')}</p>
            <p>
              <Link to={paths.auth.getHref()}>{t('reset.goSignIn')}</Link> {t('reset.chooseForgot')}
            </p>
          </Notice>
        )}
      </AuthCard>
    </Container>
  )
}
