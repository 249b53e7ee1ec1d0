/**
 * The platform's addresses that e-mails link to, built from PUBLIC_URL. The query parameters are
 * what the pages read (the home page opens the matching dialog; the company page the invitation).
 */
export function createLinks(publicUrl: string) {
  return {
    home: () => `${publicUrl}/`,
    /** Any page of the site by its path (`/product/…`). */
    page: (path: string) => `${publicUrl}${path}`,
    company: () => `${publicUrl}/personal-account/company`,
    confirmEmail: (token: string) => `${publicUrl}/?confirmEmail=${token}`,
    cancelEmailChange: (token: string) => `${publicUrl}/?cancelEmailChange=${token}`,
    resetPassword: (token: string) => `${publicUrl}/?resetToken=${token}`,
    acceptInvitation: (token: string) => `${publicUrl}/personal-account/company?invitation=${token}`,
    editProduct: (id: string) => `${publicUrl}/personal-account/products/edit/${id}`,
    product: (slug: string) => `${publicUrl}/product/${slug}`,
    chatRoom: (guid: string) => `${publicUrl}/chat?roomId=${guid}`,
    droneRegistration: () => `${publicUrl}/platforms/drone-registration`,
    order: (side: string, number: string) => `${publicUrl}/personal-account/order/${side}/${number}`,
    /** An order's document for download (`upd.pdf`, `upd.xml`): opens for a signed-in member of its side. */
    orderDocument: (side: string, number: string, file: string) =>
      `${publicUrl}/api/v1/orders/${side}/${number}/documents/${file}`,
    chatUnsubscribe: (token: string) => `${publicUrl}/chat/unsubscribe?token=${token}`,
  }
}

export type Links = ReturnType<typeof createLinks>
