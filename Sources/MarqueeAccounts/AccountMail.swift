import MarqueeCore

/// The text of every mail Marquee sends about accounts: plain, short, with the link and what to do if it was not
/// you. Links point at web pages under the public URL that complete the action.
struct AccountMail: Sendable {
    let baseURL: PublicBaseURL

    private var signature: String { "\n\n— Marquee at \(baseURL.value)\n" }

    func verify(to address: String, token: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Confirm your email address for Marquee",
            text: """
                Welcome to Marquee!

                To finish creating your account, confirm this address by opening the link below:

                \(baseURL.value)/verify?token=\(token)

                The link works once and expires in 24 hours. After that, sign in with your email address and password.

                If you did not sign up for Marquee, ignore this mail: no account is activated without this link.
                """ + signature)
    }

    func accountExists(to address: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Someone tried to create a Marquee account with your address",
            text: """
                Someone (perhaps you) tried to create a new Marquee account with this email address, but you already
                have an account.

                If it was you, sign in at \(baseURL.value)/signin or, if you forgot your password, reset it at
                \(baseURL.value)/reset

                If it was not you, you need not do anything: your account has not changed.
                """ + signature)
    }

    func finishSignUp(to address: String, token: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Finish creating your Marquee account",
            text: """
                Someone (perhaps you) asked to create a Marquee account with this email address. An account for it
                is already waiting to be confirmed.

                If it was you, choose your password with this link; that also confirms the address:

                \(baseURL.value)/reset?token=\(token)

                The link works once and expires in 1 hour.

                If it was not you, ignore this mail: no account is activated without a link from this address.
                """ + signature)
    }

    func mergeGuest(to address: String, token: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Move a Marquee guest's favourites into your account?",
            text: """
                Someone (perhaps you, on another device) tried to turn a Marquee guest account into an account with
                this email address, which already belongs to your account.

                If it was you, open this link to move everything saved as that guest into your account. A title
                you both saved keeps your notes, ratings and watched dates as well as the guest's:

                \(baseURL.value)/verify?token=\(token)

                The link works once and expires in 24 hours. Then sign in as usual.

                If it was not you, ignore this mail: nothing is moved without this link and your account has not
                changed.
                """ + signature)
    }

    func reset(to address: String, token: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Reset your Marquee password",
            text: """
                Someone (hopefully you) asked to reset the password of the Marquee account for this address.

                To choose a new password, open this link:

                \(baseURL.value)/reset?token=\(token)

                The link works once and expires in 1 hour. Setting a new password signs you out on every device.

                If you did not ask for this, ignore this mail: your password has not changed.
                """ + signature)
    }

    func passwordChanged(to address: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Your Marquee password was changed",
            text: """
                The password of your Marquee account was just changed, and other devices were signed out.

                If this was not you, reset your password now at \(baseURL.value)/reset and check your account.
                """ + signature)
    }

    func googleLinked(to address: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Google sign-in was added to your Marquee account",
            text: """
                Someone just signed in to your Marquee account with the Google account of this address, so that
                Google account can now sign in to it too. Your password still works as before.

                If this was not you, someone else controls a Google account with your address: sign out everywhere
                from your account page at \(baseURL.value)/account and ask the operator of this Marquee server for
                help.
                """ + signature)
    }

    func confirmNewEmail(to address: String, token: String) -> MailMessage {
        MailMessage(
            to: address, subject: "Confirm your new email address for Marquee",
            text: """
                Someone (hopefully you) asked to use this address for their Marquee account.

                To confirm the change, open this link:

                \(baseURL.value)/email/confirm?token=\(token)

                The link works once and expires in 24 hours. Until then, the account keeps its old address.

                If you did not ask for this, ignore this mail: nothing changes without this link.
                """ + signature)
    }

    func emailChangeRequested(to oldAddress: String, newAddress: String) -> MailMessage {
        MailMessage(
            to: oldAddress, subject: "Your Marquee email address is being changed",
            text: """
                Someone signed in to your Marquee account asked to change its email address to \(newAddress).
                The change happens only once that address confirms it.

                If this was not you, change your password now (or reset it at \(baseURL.value)/reset) and sign out
                everywhere from your account page.
                """ + signature)
    }
}
