print("hangman-bench: no modes yet")
