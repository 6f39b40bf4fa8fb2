import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
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
    const reset = await app.auth.createPasswordReset(req.body.phone);
    if (!reset) throw new AppError(400, 'WHATSAPP_NUMBER_UNKNOWN', 'Tolong tulis nomor WA dengan benar');
    const link = `${app.config.publicUrl}/reset-password?token=${reset.token}`;
    await app.whatsapp.send(
      req.body.phone,
      `Halo ${reset.name}, buka tautan ini untuk membuat password baru ITMS (berlaku 30 menit): ${link}`,
    );
    return { message: 'mohon cek whatsapp anda' };
  });

  route(app, API.resetPassword, async (req) => {
    await app.auth.resetPassword(req.body.token, req.body.password);
    return { message: 'Password berhasil diubah, silakan login' };
  });
};
