import { API } from '@itms/contracts/api';
import { FORGOT_PASSWORD_SENT } from '@itms/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.loginUser, async (req) =>
    app.auth.login(
      req.body.email,
      req.body.password,
      req.ip,
      req.headers['user-agent'] ?? '',
      req.body.device_id,
      req.body.takeover,
    ),
  );

  route(app, API.getCredential, async (req) => currentUser(req));

  route(app, API.getLoginUser, async (req) => currentUser(req));

  route(app, API.logoutUser, async (req) => {
    if (req.auth) await app.auth.logout(req.auth);
    return { message: 'Berhasil logout' };
  });

  route(app, API.requestPasswordReset, async (req) => {
    const minutes = app.config.passwordResetMinutes;
    const reset = await app.auth.createPasswordReset(req.body.phone, req.ip, minutes);
    if (reset) {
      const link = `${app.config.publicUrl}/reset-password?token=${reset.token}`;
      // not awaited: a registered number must not answer later than an unknown one (a gateway
      // takes up to seconds); a failed send is logged, and the person can ask again
      app.whatsapp
        .send(
          req.body.phone,
          `Halo ${reset.name}, buka tautan ini untuk membuat password baru ITMS (berlaku ${minutes} menit): ${link}`,
        )
        .catch((err: unknown) => req.log.error({ err }, 'WhatsApp reset link not sent'));
    }
    // the same answer whether or not the number has an account
    return { message: FORGOT_PASSWORD_SENT };
  });

  route(app, API.resetPassword, async (req) => {
    await app.auth.resetPassword(req.body.token, req.body.password);
    return { message: 'Password berhasil diubah, silakan login' };
  });
};
