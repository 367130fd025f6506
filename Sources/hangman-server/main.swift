import HangmanServer
print("hangman-server: not wired yet")
